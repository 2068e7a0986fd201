extension StreamExpectations {
    /// Exactly `count` elements not yet consumed (`next(count)`); consumes them.
    package struct NextCount<Element, Failure: Error>: RunExpectation, CountedExpectation {
        static var call: (keyword: String, argument: String, fromCursor: Bool) { ("next", "count", true) }
        package let count: Int

        package func evaluateRun(in window: some EventWindow<Element, Failure>) -> Verdict<Range<Int>> {
            if let run = counted(in: window) { return window.passed(run, cursor: run.upperBound) }
            if let (failure, location) = window.streamFailure {
                return .failed(window.streamFailed(expected: "\(count) more \(noun)", failure, at: location))
            }
            guard window.isOver else { return .pending }
            return .failed(window.notEnough(expected: count, actual: window.unconsumedCount, what: " more"))
        }

        /// The inverted rule: passes when the window ends with fewer than `count` new elements and no completion.
        package func evaluateInverted(in window: some EventWindow<Element, Failure>) -> Verdict<Void> {
            let expected = count == 1 ? "no element" : "fewer than \(count) more \(noun)"
            if let run = counted(in: window), count > 0 {
                return .failed(
                    window.failure(
                        .invertedFulfilled,
                        "expected \(expected)\(window.ending), but got \(window.describe(window.element(at: run.lowerBound)))",
                        at: window.elementLocation(at: run.upperBound - 1)))
            }
            return window.passedWithoutCompletion((), cursor: nil, expected: "\(expected) and no completion")
        }

        private var noun: String { count == 1 ? "element" : "elements" }
    }
}

extension Recorder {
    /// Exactly `count` elements not yet consumed; consumes them.
    public func next(_ count: Int) -> RecorderExpectation<[Input]> {
        expecting(StreamExpectations.NextCount<Input, Failure>(count))
    }
}

extension StreamExpectations.NextCount<RawJSON, TraceFailure>: TraceExpectation, QueryExpectation {
    package static var query: QueryDefinition<Self> {
        QueryDefinition(
            counted: [
                QueryReason(.streamFailed, when: "fewer than N and the stream failed"),
                QueryReason(
                    .notEnoughElements, when: "fewer than N before the stream finished or the window ended"),
            ],
            summary: "exactly N unconsumed elements, consumed",
            passes: "exactly N unconsumed elements (consumed); `next 0` is `[]`")
    }

    package var reading: TraceReading { .run(ElementRun(self, fromCursor: true, maximumLength: count)) }
}
