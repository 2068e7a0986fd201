extension StreamExpectations {
    /// The next element not yet consumed (`next()`); consumes it.
    /// Invertible.
    public struct Next<Element, Failure: Error>: InvertibleExpectation {
        public init() {}
        public var name: String { "next()" }

        public var wakeCondition: WakeCondition { .unconsumed(atLeast: 1) }

        public var invertedWakeCondition: WakeCondition { .unconsumed(atLeast: 1) }

        public func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Element> {
            let consumed = window.consumedCount
            if window.elementCount > consumed {
                return .passed(window.element(at: consumed), cursor: consumed + 1)
            }
            if let (completion, location) = window.completion, case .failure(let failure) = completion {
                return .failed(window.streamFailed(name, expected: "one more element", failure, at: location))
            }
            if window.completion != nil || window.end.isFinal {
                return .failed(window.notEnough(name, expected: 1, actual: 0, what: " more"))
            }
            return .pending
        }

        /// Passes when the window ends with no new element and no completion.
        public func evaluateInverted(in window: some EventWindow<Element, Failure>) -> Verdict<Void> {
            let consumed = window.consumedCount
            if window.elementCount > consumed {
                let element = window.element(at: consumed)
                return .failed(
                    window.error(
                        "next().inverted", .invertedFulfilled,
                        "expected no element\(window.end.phrase), but got \(window.describe(element))",
                        at: window.elementLocation(at: consumed)))
            }
            if let (completion, location) = window.completion {
                return .failed(
                    window.error(
                        "next().inverted", .invertedFulfilled,
                        "expected no element and no completion\(window.end.phrase), but \(window.completionPhrase(completion))",
                        at: location, streamError: completion.error))
            }
            return window.end.isFinal ? .passed((), cursor: nil) : .pending
        }
    }
}
