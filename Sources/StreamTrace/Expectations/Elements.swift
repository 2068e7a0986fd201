extension StreamExpectations {
    /// All elements of a stream that finished (`elements`).
    public struct Elements<Element, Failure: Error>: Expectation {
        public init() {}
        public var name: String { "elements" }

        /// Only a completion (or the window's end) decides it.
        public var wakeCondition: WakeCondition { .completion }

        public func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<[Element]> {
            guard let (completion, location) = window.completion else {
                return window.end.isFinal ? .failed(window.notCompleted(name)) : .pending
            }
            if case .failure(let failure) = completion {
                return .failed(window.streamFailed(name, expected: "the stream to finish", failure, at: location))
            }
            return .passed(window.elements(0..<window.elementCount), cursor: nil)
        }
    }
}
