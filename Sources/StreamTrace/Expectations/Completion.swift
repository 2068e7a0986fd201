extension StreamExpectations {
    /// The stream's completion, finished or failed (`completion`).
    public struct Completion<Element, Failure: Error>: StreamExpectation {
        public init() {}
        public var name: String { "completion" }

        public func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<StreamCompletion<Failure>> {
            window.whenCompleted(name) { completion, location in .passed(completion, cursor: nil, at: location) }
        }
    }
}

extension StreamExpectations.Completion: WakeFiltered {
    /// Only a completion (or the window's end) decides it.
    package var wakeCondition: WakeCondition { .completion }
}

extension Recorder {
    /// The stream's completion.
    public var completion: RecorderExpectation<StreamExpectations.Completion<Input, Failure>> {
        expecting(.init())
    }
}

extension StreamExpectations.Completion: TraceExpectation where Element == RawJSON, Failure == TraceFailure {
    package var traceNeeds: TraceNeeds { .nothing }

    static var querySyntax: QuerySyntax {
        QuerySyntax(keyword: "completion", summary: "\"finished\", or the failure's error object") { _ in Self() }
    }
}
