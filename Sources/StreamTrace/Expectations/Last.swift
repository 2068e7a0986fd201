extension StreamExpectations {
    /// The last element of a stream that finished, or `nil` if it published
    /// none (`last`).
    public struct Last<Element, Failure: Error>: Expectation {
        public init() {}
        public var name: String { "last" }

        /// Only a completion (or the window's end) decides it.
        public var wakeCondition: WakeCondition { .completion }

        public func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Element?> {
            guard let (completion, location) = window.completion else {
                return window.end.isFinal ? .failed(window.notCompleted(name)) : .pending
            }
            if case .failure(let failure) = completion {
                return .failed(window.streamFailed(name, expected: "the stream to finish", failure, at: location))
            }
            let count = window.elementCount
            return .passed(count > 0 ? window.element(at: count - 1) : nil, cursor: nil)
        }
    }
}
