/// The events an expectation may look at: everything recorded from the
/// subscription up to the end of its window.
///
/// This is the seam between the one expectation engine and its two
/// sources: a live ``Recorder`` (which may still grow while a wait is in
/// progress) and a trace read from disk. Expectations only read through it.
package protocol EventWindow<Element, Failure> {
    associatedtype Element
    associatedtype Failure: Error

    /// The number of elements in the window, consumed ones included.
    var elementCount: Int { get }
    /// How many elements earlier `next` expectations consumed: the cursor.
    var consumedCount: Int { get }
    /// The element at `index` (`0..<elementCount`).
    func element(at index: Int) -> Element
    /// Where the element at `index` was recorded.
    func elementLocation(at index: Int) -> EventLocation
    /// The completion in the window, if any, and where it was recorded.
    var completion: (completion: StreamCompletion<Failure>, location: EventLocation)? { get }
    /// The last event in the window, if any.
    var lastEvent: (kind: EventKind, location: EventLocation)? { get }
    /// How the window ends.
    var end: WindowEnd { get }
    /// A broken contract that makes every expectation fail: an event the
    /// stream sent after it completed.
    var violation: (message: String, location: EventLocation)? { get }
    /// The first event after the window's end, when the source knows it
    /// (a trace read from disk); `nil` for a live recording.
    var nextEvent: (kind: EventKind, location: EventLocation)? { get }
    /// An element as a message shows it: its compact JSON, whole, escaped
    /// for a terminal.
    func describe(_ element: Element) -> String
    /// The element at `index` as a failure message's timeline draws it: its
    /// text (`nil` if not known), and its time.
    func timelineElement(at index: Int) -> (label: String?, nanoseconds: Int64)
    /// The element at `index` as a message shows it (``describe(_:)``);
    /// a window that does not keep long values names one by its place.
    func describeElement(at index: Int) -> String
    /// The first element from `start` on that `condition` accepts (with
    /// `accepting`, else rejects), if the window holds one: what
    /// `next(where:)` and `every(where:)` look for. A pass over a trace
    /// answers from what it found as the elements streamed by.
    func firstElement(from start: Int, where condition: ElementCondition<Element>, accepting: Bool) -> Int?
}

extension EventWindow {
    package var nextEvent: (kind: EventKind, location: EventLocation)? { nil }

    package func timelineElement(at index: Int) -> (label: String?, nanoseconds: Int64) {
        (describe(element(at: index)), elementLocation(at: index).nanoseconds)
    }

    package func describeElement(at index: Int) -> String {
        describe(element(at: index))
    }

    var unconsumedCount: Int { elementCount - consumedCount }

    func elements(_ range: Range<Int>) -> [Element] {
        range.map { element(at: $0) }
    }

    /// Whether no event can change what the window holds: the stream
    /// completed in it, or the window ended.
    var isOver: Bool { completion != nil || end.isFinal }

    /// The stream's failure, if it failed in the window, and where.
    var streamFailure: (failure: Failure, location: EventLocation)? {
        guard let (completion, location) = completion, case .failure(let failure) = completion else { return nil }
        return (failure, location)
    }

    /// The event that decides an expectation read at the end of the window:
    /// the completion, else the window's last event.
    var endLocation: EventLocation? { completion?.location ?? lastEvent?.location }

    /// How the window ended, for a message: ` within 2s` (a query's
    /// `within` as its user wrote it; a wait's timeout exactly, never
    /// rounded), ` before the subscriber cancelled` …; nothing at the end
    /// of a trace or for the recording as it is now.
    var ending: String {
        guard case .timeout(let duration) = end else { return end.phrase }
        return " within " + ((self as? any WrittenTimeout)?.writtenTimeout ?? TimeFormat.exact(duration))
    }

    /// The same, where the end of a trace says so: ` before the trace ends`.
    var endingOrTraceEnd: String { end == .endOfTrace ? " before the trace ends" : ending }
}

/// A window whose timeout a person wrote (a query's `within 1500us`):
/// messages quote it as written, not as the duration it parsed to.
package protocol WrittenTimeout {
    /// The timeout as written: `1500us`; `nil` if none was.
    var writtenTimeout: String? { get }
}

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
