extension StreamExpectations {
    /// The last element of a stream that finished, or `nil` if it published none (`last`).
    package struct Last<Element, Failure: Error>: DerivedExpectation {
        package var name: String { "last" }
        package var base: Finished<Element, Failure> { Finished() }

        package func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Element?> {
            base.evaluate(in: window).map { _ in
                window.elementCount > 0 ? window.element(at: window.elementCount - 1) : nil
            }
        }
    }
}

extension Recorder {
    /// The last element of a stream that finishes, or `nil`.
    public var last: RecorderExpectation<Input?> { expecting(StreamExpectations.Last<Input, Failure>()) }
}

extension StreamExpectations.Last<RawJSON, TraceFailure>: TraceExpectation, QueryExpectation {
    package static var query: QueryDefinition<Self> {
        QueryDefinition(
            QuerySyntax(keyword: "last") { _ in Self() }, needs: { _ in TraceNeeds(lastElement: true) },
            reasons: Base.reasons, summary: "the last element (null if none); fails if failed or not completed",
            passes: "the last element, or `null` if none")
    }
}
