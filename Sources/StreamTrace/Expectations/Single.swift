extension StreamExpectations {
    /// The one and only element of a stream that finished (`single`): `finished`, with exactly one element.
    package struct Single<Element, Failure: Error>: DerivedExpectation {
        package var name: String { "single" }
        package var base: Finished<Element, Failure> { Finished(expecting: "exactly one element") }

        package func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Element> {
            base.evaluate(in: window).flatMap { _, _, location in
                let count = window.elementCount
                guard count != 1 else {
                    return .passed(window.element(at: 0), cursor: nil, at: window.elementLocation(at: 0))
                }
                let reason: RecordingError.Reason = count == 0 ? .notEnoughElements : .tooManyElements
                return .failed(window.failure(reason, "expected exactly one element, got \(count)", at: location))
            }
        }
    }
}

extension Recorder {
    /// The one and only element of a stream that finishes.
    public var single: RecorderExpectation<Input> { expecting(StreamExpectations.Single<Input, Failure>()) }
}

extension StreamExpectations.Single<RawJSON, TraceFailure>: TraceExpectation, QueryExpectation {
    package static var query: QueryDefinition<Self> {
        QueryDefinition(
            QuerySyntax(keyword: "single") { _ in Self() }, needs: { _ in TraceNeeds(firstElements: 1) },
            reasons: Base.reasons + [
                QueryReason(.notEnoughElements, when: "0 elements"), QueryReason(.tooManyElements, when: "2 or more"),
            ],
            summary: "the one element; fails on 0 or 2+ elements, a failure, or no completion",
            passes: "the one element")
    }
}
