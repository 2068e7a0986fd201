extension StreamExpectations {
    /// The stream's completion, finished or failed (`completion`).
    public struct Completion<Element, Failure: Error>: Expectation {
        public init() {}
        public var name: String { "completion" }

        /// Only a completion (or the window's end) decides it.
        public var wakeCondition: WakeCondition { .completion }

        public func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<StreamCompletion<Failure>> {
            if let (completion, _) = window.completion { return .passed(completion, cursor: nil) }
            return window.end.isFinal ? .failed(window.notCompleted(name)) : .pending
        }
    }
}
