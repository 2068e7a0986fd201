extension StreamExpectations {
    /// The stream finished successfully (`finished`); invertible.
    public struct Finished<Element, Failure: Error>: InvertibleExpectation {
        public init() {}
        public var name: String { "finished" }

        public var wakeCondition: WakeCondition { .completion }

        public var invertedWakeCondition: WakeCondition { .completion }

        public func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Void> {
            guard let (completion, location) = window.completion else {
                return window.end.isFinal ? .failed(window.notCompleted(name)) : .pending
            }
            if case .failure(let failure) = completion {
                return .failed(window.streamFailed(name, expected: "the stream to finish", failure, at: location))
            }
            return .passed((), cursor: nil)
        }

        /// Passes when the window ends with no completion.
        public func evaluateInverted(in window: some EventWindow<Element, Failure>) -> Verdict<Void> {
            if let (completion, location) = window.completion {
                return .failed(
                    window.error(
                        name + ".inverted", .invertedFulfilled,
                        "expected no completion\(window.end.phrase), but \(window.completionPhrase(completion))",
                        at: location, streamError: completion.error))
            }
            return window.end.isFinal ? .passed((), cursor: nil) : .pending
        }
    }
}
