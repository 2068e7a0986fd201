extension StreamExpectations {
    /// The one and only element of a stream that finished (`single`).
    public struct Single<Element, Failure: Error>: Expectation {
        public init() {}
        public var name: String { "single" }

        /// Only a completion (or the window's end) decides it.
        public var wakeCondition: WakeCondition { .completion }

        public func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Element> {
            guard let (completion, location) = window.completion else {
                return window.end.isFinal ? .failed(window.notCompleted(name)) : .pending
            }
            if case .failure(let failure) = completion {
                return .failed(window.streamFailed(name, expected: "exactly one element", failure, at: location))
            }
            switch window.elementCount {
            case 1:
                return .passed(window.element(at: 0), cursor: nil)
            case 0:
                return .failed(
                    window.error(
                        name, .notEnoughElements(expected: 1, actual: 0), "expected exactly one element, got 0",
                        at: location))
            case let count:
                return .failed(
                    window.error(
                        name, .tooManyElements(actual: count), "expected exactly one element, got \(count)", at: location))
            }
        }
    }
}
