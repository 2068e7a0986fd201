extension StreamExpectations {
    /// Exactly `count` elements not yet consumed (`next(count)`); consumes
    /// them.
    public struct NextCount<Element, Failure: Error>: Expectation {
        public let count: Int

        /// - Precondition: `count >= 0`.
        public init(_ count: Int) {
            precondition(count >= 0, "next(count) needs a count >= 0")
            self.count = count
        }

        public var name: String { "next(\(count))" }

        public var wakeCondition: WakeCondition { .unconsumed(atLeast: count) }

        public func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<[Element]> {
            let consumed = window.consumedCount
            if window.unconsumedCount >= count {
                return .passed(window.elements(consumed..<consumed + count), cursor: consumed + count)
            }
            if let (completion, location) = window.completion, case .failure(let failure) = completion {
                return .failed(
                    window.streamFailed(
                        name, expected: "\(count) more element\(count == 1 ? "" : "s")", failure, at: location))
            }
            if window.completion != nil || window.end.isFinal {
                return .failed(window.notEnough(name, expected: count, actual: window.unconsumedCount, what: " more"))
            }
            return .pending
        }
    }
}
