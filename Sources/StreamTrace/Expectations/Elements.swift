extension StreamExpectations {
    /// All elements of a stream that finished (`elements`): `finished`,
    /// with the elements.
    public struct Elements<Element, Failure: Error>: StreamExpectation, DerivedExpectation {
        public init() {}
        public var name: String { "elements" }
        package var base: Finished<Element, Failure> { Finished() }

        public func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<[Element]> {
            base.evaluate(in: window).map { _ in window.elements(0..<window.elementCount) }
        }
    }
}

extension Recorder {
    /// All elements of a stream that finishes.
    public var elements: RecorderExpectation<StreamExpectations.Elements<Input, Failure>> { expecting(.init()) }
}

extension StreamExpectations.Elements<RawJSON, TraceFailure>: TraceExpectation, QueryExpectation {
    package static var query: QueryDefinition<Self> {
        QueryDefinition(
            QuerySyntax(keyword: "elements") { _ in Self() }, keeps: .everything, reasons: Base.reasons,
            summary: "all elements; fails if the stream failed or did not complete", passes: "every element")
    }
}
