/// The verdicts the primitives share, built from what the window holds.
extension EventWindow {
    /// Passes with the elements of `range`, decided at the last of them (at
    /// the window's end for none), the cursor moved to `cursor`: how
    /// `next(count)` and `prefix` pass once the window holds enough.
    func passed(_ range: Range<Int>, cursor: Int) -> Verdict<[Element]> {
        passed(range, cursor: cursor) { elements($0) }
    }

    /// The same, passing with what `take` makes of the range (`next()`:
    /// its one element, with no array).
    func passed<Taken>(_ range: Range<Int>, cursor: Int, taking take: (Range<Int>) -> Taken) -> Verdict<Taken> {
        let location = range.isEmpty ? endLocation : elementLocation(at: range.upperBound - 1)
        return .passed(take(range), cursor: cursor, at: location)
    }

    /// The rule every inverted primitive ends with, once what it expected
    /// not to happen has not: a completion in the window fails it
    /// (`expected` says what it expected instead), the window's end passes
    /// it with `value`, and until then it waits.
    func passedWithoutCompletion<Value>(
        _ value: @autoclosure () -> Value, cursor: Int?, expected: String
    ) -> Verdict<Value> {
        if let (completion, location) = completion {
            return .failed(completedAfterAll(expected: expected, completion, at: location))
        }
        return end.isFinal ? .passed(value(), cursor: cursor, at: endLocation) : .pending
    }
}
