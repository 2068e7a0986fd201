extension StreamExpectations {
    /// The stream's completion, finished or failed (`completion`). A primitive: `finished`, `failure` and `recording`
    /// map what it passes with, and its inverted rule is `finished.inverted`'s.
    package struct Completion<Element, Failure: Error>: StreamExpectation {
        package var name: String { "completion" }
        package var wakeCondition: WakeCondition { .completion }

        package func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<StreamCompletion<Failure>> {
            guard let (completion, location) = window.completion else {
                return window.end.isFinal ? .failed(window.notCompleted()) : .pending
            }
            return .passed(completion, cursor: nil, at: location)
        }

        /// The inverted rule: passes when the window ends with no completion.
        package func evaluateInverted(in window: some EventWindow<Element, Failure>) -> Verdict<Void> {
            window.passedWithoutCompletion((), cursor: nil, expected: "no completion")
        }
    }
}

extension Recorder {
    /// The stream's completion.
    public var completion: RecorderExpectation<StreamCompletion<Failure>> {
        expecting(StreamExpectations.Completion<Input, Failure>())
    }
}

extension StreamExpectations.Completion<RawJSON, TraceFailure>: TraceExpectation, QueryExpectation {
    package static var query: QueryDefinition<Self> {
        QueryDefinition(
            QuerySyntax(keyword: "completion") { _ in Self() },
            reasons: [QueryReason(.notCompleted, when: "no completion in the window")],
            summary: "\"finished\", or the failure's error object",
            passes: "`\"finished\"`, or the failure's error object")
    }
}
