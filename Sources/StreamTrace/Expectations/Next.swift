extension StreamExpectations {
    /// The next element not yet consumed (`next()`); consumes it. Derived from `next(1)`, taken alone with no array.
    package struct Next<Element, Failure: Error>: InvertibleExpectation, DerivedExpectation {
        package var name: String { "next()" }
        package var base: NextCount<Element, Failure> { NextCount(1) }

        package func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Element> {
            base.evaluateRun(in: window).map { window.element(at: $0.lowerBound) }
        }

        package func evaluateInverted(in window: some EventWindow<Element, Failure>) -> Verdict<Void> {
            base.evaluateInverted(in: window)
        }
    }
}

extension Recorder {
    /// The next element not yet consumed; consumes it. Has an `inverted` form.
    public func next() -> InvertibleRecorderExpectation<Input, Void> {
        expecting(StreamExpectations.Next<Input, Failure>())
    }
}

extension StreamExpectations.Next<RawJSON, TraceFailure>: TraceExpectation, QueryExpectation, InvertibleTraceExpectation
{
    package static var query: QueryDefinition<Self> {
        QueryDefinition(
            QuerySyntax(keyword: "next") { _ in Self() }, needs: { _ in TraceNeeds(consumes: 1) },
            reasons: [
                QueryReason(.streamFailed, when: "none left and the stream failed"),
                QueryReason(.notEnoughElements, when: "none left when the stream finished or the window ended"),
            ],
            summary: "the next unconsumed element, consumed", passes: "the next unconsumed element (consumed)",
            inverted: .init(
                summary: "passes if no new element and no completion in the window", passes: "nothing",
                fails: "an unconsumed element or a completion arrived"))
    }
}
