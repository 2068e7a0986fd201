extension StreamExpectations {
    /// The error of a stream that failed (`failure`).
    public struct FailureError<Element, Failure: Error>: Expectation {
        public init() {}
        public var name: String { "failure" }

        /// Only a completion (or the window's end) decides it.
        public var wakeCondition: WakeCondition { .completion }

        public func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Failure> {
            guard let (completion, location) = window.completion else {
                return window.end.isFinal ? .failed(window.notCompleted(name)) : .pending
            }
            switch completion {
            case .failure(let failure): return .passed(failure, cursor: nil)
            case .finished:
                return .failed(window.error(name, .finished, "expected the stream to fail, but it finished", at: location))
            }
        }
    }
}
