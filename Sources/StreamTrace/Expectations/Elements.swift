extension StreamExpectations {
    /// All elements of a stream that finished (`elements`): `finished`,
    /// with the elements.
    package struct Elements<Element, Failure: Error>: PassedDerivedExpectation {
        package typealias Output = [Element]
        package var name: String { "elements" }
        package var base: Finished<Element, Failure> { Finished() }

        func decide(_: Void, cursor: Int?, at location: EventLocation?, in window: some EventWindow<Element, Failure>)
            -> Verdict<[Element]>
        { .passed(window.elements(0..<window.elementCount), cursor: cursor, at: location) }
    }
}

extension Recorder {
    /// All elements of a stream that finishes.
    public var elements: RecorderExpectation<[Input]> { expecting(StreamExpectations.Elements<Input, Failure>()) }
}

extension StreamExpectations.Elements<RawJSON, TraceFailure>: TraceExpectation, QueryExpectation {
    package static var query: QueryDefinition<Self> {
        QueryDefinition(
            QuerySyntax(keyword: "elements") { _ in Self() }, keeps: .everything, reasons: Base.reasons,
            summary: "all elements; fails if the stream failed or did not complete", passes: "every element")
    }
}
