extension StreamExpectations {
    /// All elements published until the window ends (`availableElements`): `elementCount`, with the elements. Fails
    /// only if the stream fails, never on timeout; moves the cursor to the end.
    package struct AvailableElements<Element, Failure: Error>: RunExpectation, DerivedExpectation {
        package var name: String { "availableElements" }
        package var base: ElementCount<Element, Failure> { ElementCount() }

        package func evaluateRun(in window: some EventWindow<Element, Failure>) -> Verdict<Range<Int>> {
            base.evaluate(in: window).flatMap { count, _, location in
                if let (failure, failed) = window.streamFailure {
                    return .failed(window.streamFailed(expected: "no failure", failure, at: failed))
                }
                return .passed(0..<count, cursor: max(window.consumedCount, count), at: location)
            }
        }
    }
}

extension Recorder {
    /// All elements published until the wait expires or the stream completes. Fails only if the stream fails.
    public var availableElements: RecorderExpectation<[Input]> {
        expecting(StreamExpectations.AvailableElements<Input, Failure>())
    }
}

extension StreamExpectations.AvailableElements<RawJSON, TraceFailure>: TraceExpectation, QueryExpectation {
    package static var query: QueryDefinition<Self> {
        QueryDefinition(
            QuerySyntax(keyword: "available", synonyms: ["availableElements"]) { _ in Self() },
            reasons: [QueryReason(.streamFailed, when: "the stream failed in the window (never on timeout)")],
            summary: "all elements in the window (consumed ones too); moves the cursor to the end",
            passes: "every element in the window, consumed ones too")
    }

    package var reading: TraceReading { .run(ElementRun(self)) }
}
