extension StreamExpectations {
    /// All elements published until the window ends (`availableElements`).
    ///
    /// Fails only if the stream fails; never on timeout. Moves the cursor to
    /// the end.
    public struct AvailableElements<Element, Failure: Error>: Expectation {
        public init() {}
        public var name: String { "availableElements" }

        /// Only a completion (or the window's end) decides it.
        public var wakeCondition: WakeCondition { .completion }

        public func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<[Element]> {
            if let (completion, location) = window.completion {
                if case .failure(let failure) = completion {
                    return .failed(window.streamFailed(name, expected: "no failure", failure, at: location))
                }
            } else if !window.end.isFinal {
                return .pending
            }
            let count = window.elementCount
            return .passed(window.elements(0..<count), cursor: max(window.consumedCount, count))
        }
    }
}
