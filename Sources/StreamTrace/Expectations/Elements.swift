extension StreamExpectations {
    /// All elements of a stream that finished (`elements`): `finished`, with the elements.
    package struct Elements<Element, Failure: Error>: RunExpectation, DerivedExpectation {
        package var name: String { "elements" }
        package var base: Finished<Element, Failure> { Finished() }

        package func evaluateRun(in window: some EventWindow<Element, Failure>) -> Verdict<Range<Int>> {
            base.evaluate(in: window).map { _ in 0..<window.elementCount }
        }
    }
}

extension Recorder {
    /// All elements of a stream that finishes.
    public var elements: RecorderExpectation<[Input]> { expecting(StreamExpectations.Elements<Input, Failure>()) }
}

extension StreamExpectations.Elements<RawJSON, TraceFailure>: TraceExpectation, QueryExpectation {
    package static var query: QueryDefinition<Self> {
        QueryDefinition(
            QuerySyntax(keyword: "elements") { _ in Self() }, reasons: Base.reasons,
            summary: "all elements; fails if the stream failed or did not complete", passes: "every element")
    }

    package var reading: TraceReading { .run(ElementRun(self, movesCursor: false)) }
}
