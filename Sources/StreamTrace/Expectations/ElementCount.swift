extension StreamExpectations {
    /// The number of elements in the window (`elementCount`; `count` in a query). Never fails.
    package struct ElementCount<Element, Failure: Error>: StreamExpectation {
        package var name: String { "elementCount" }
        package var wakeCondition: WakeCondition { .completion }

        package func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Int> {
            window.isOver ? .passed(window.elementCount, cursor: nil, at: window.endLocation) : .pending
        }
    }
}

extension Recorder {
    /// The number of elements when the stream completes or the wait expires (an expectation, like the others: read it
    /// with `get()` or wait for it).
    public var elementCount: RecorderExpectation<Int> {
        expecting(StreamExpectations.ElementCount<Input, Failure>())
    }
}

extension StreamExpectations.ElementCount<RawJSON, TraceFailure>: TraceExpectation, QueryExpectation {
    package static var query: QueryDefinition<Self> {
        QueryDefinition(
            QuerySyntax(keyword: "count", isNumeric: true) { _ in Self() },
            summary: "the number of elements in the window (use a matcher)",
            passes: "the number of elements in the window")
    }
}
