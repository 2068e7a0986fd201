extension StreamExpectations {
    /// The first `maxLength` elements, consumed ones included, or fewer if the stream finished first
    /// (`prefix(maxLength)`). Moves the cursor up to `maxLength`.
    package struct Prefix<Element, Failure: Error>: InvertibleRunExpectation, CountedExpectation {
        static var call: (keyword: String, argument: String, fromCursor: Bool) { ("prefix", "maxLength", false) }
        /// The `maxLength` argument.
        package let count: Int

        package func evaluateRun(in window: some EventWindow<Element, Failure>) -> Verdict<Range<Int>> {
            if let run = counted(in: window) { return window.passed(run, cursor: max(window.consumedCount, count)) }
            let available = window.elementCount
            if let (completion, location) = window.completion {
                switch completion {
                case .failure(let failure):
                    return .failed(window.streamFailed(expected: "\(count) elements", failure, at: location))
                case .finished:
                    return .passed(0..<available, cursor: max(window.consumedCount, available), at: location)
                }
            }
            return window.end.isFinal ? .failed(window.notEnough(expected: count, actual: available)) : .pending
        }

        /// Passes with the elements when the window ends with fewer than `maxLength` elements and no completion.
        package func evaluateInverted(in window: some EventWindow<Element, Failure>) -> Verdict<[Element]> {
            evaluateInvertedRun(in: window).map { window.elements($0) }
        }

        package func evaluateInvertedRun(in window: some EventWindow<Element, Failure>) -> Verdict<Range<Int>> {
            if counted(in: window) != nil {
                return .failed(
                    window.failure(
                        .invertedFulfilled,
                        "expected fewer than \(count) elements\(window.ending), but got \(count)",
                        at: count > 0 ? window.elementLocation(at: count - 1) : window.lastEvent?.location))
            }
            let available = window.elementCount
            return window.passedWithoutCompletion(
                0..<available, cursor: max(window.consumedCount, available),
                expected: "fewer than \(count) elements and no completion")
        }
    }
}

extension Recorder {
    /// The first `maxLength` elements, or fewer if the stream finishes first. Has an `inverted` form.
    public func prefix(_ maxLength: Int) -> InvertibleRecorderExpectation<[Input], [Input]> {
        expecting(StreamExpectations.Prefix<Input, Failure>(maxLength))
    }
}

extension StreamExpectations.Prefix<RawJSON, TraceFailure>: TraceExpectation, QueryExpectation,
    InvertibleTraceExpectation
{
    package static var query: QueryDefinition<Self> {
        QueryDefinition(
            counted: [
                QueryReason(.streamFailed, when: "it failed before N elements"),
                QueryReason(.notEnoughElements, when: "the window ended before N elements without a completion"),
            ],
            summary: "the first N elements (fewer if it finished first); moves the cursor up to N",
            passes: "the first N elements, consumed ones included, or fewer if it finished first",
            inverted: .init(
                summary: "passes with the elements if fewer than N and no completion",
                passes: "the elements so far", fails: "N elements, or a completion, arrived"))
    }

    package var reading: TraceReading { .run(ElementRun(self, maximumLength: count)) }
    package var invertedReading: TraceReading { .run(ElementRun(inverted: self, maximumLength: count)) }
}
