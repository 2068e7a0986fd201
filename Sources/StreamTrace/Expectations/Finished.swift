extension StreamExpectations {
    /// The stream finished successfully (`finished`); derived from `completion`, so a failure fails it.
    package struct Finished<Element, Failure: Error>: InvertibleExpectation, DerivedExpectation {
        /// What a failed stream's message says was expected: `the stream to finish`, or a derived expectation's.
        let expected: String

        package init(expecting expected: String = "the stream to finish") {
            self.expected = expected
        }

        package var name: String { "finished" }
        package var base: Completion<Element, Failure> { Completion() }

        package func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Void> {
            base.evaluate(in: window).flatMap { completion, _, location in
                guard case .failure(let failure) = completion else { return .passed((), cursor: nil, at: location) }
                return .failed(window.streamFailed(expected: expected, failure, at: location))
            }
        }

        package func evaluateInverted(in window: some EventWindow<Element, Failure>) -> Verdict<Void> {
            base.evaluateInverted(in: window)
        }
    }
}

extension Recorder {
    /// The stream's successful completion. Has an `inverted` form.
    public var finished: InvertibleRecorderExpectation<Void, Void> {
        expecting(StreamExpectations.Finished<Input, Failure>())
    }
}

extension StreamExpectations.Finished<RawJSON, TraceFailure>: TraceExpectation, QueryExpectation,
    InvertibleTraceExpectation
{
    package static var query: QueryDefinition<Self> {
        QueryDefinition(
            QuerySyntax(keyword: "finished") { _ in Self() },
            reasons: [QueryReason(.streamFailed, when: "the stream failed")] + Base.reasons,
            summary: "passes if the stream finished; fails if it failed or did not complete", passes: "nothing",
            inverted: .init(
                summary: "passes if no completion in the window", passes: "nothing",
                fails: "any completion in the window (naming the error if it failed)"))
    }
}
