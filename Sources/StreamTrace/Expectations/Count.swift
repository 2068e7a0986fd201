extension StreamExpectations {
    /// The number of elements in the window (`count`). Never fails: it is
    /// decided at the completion or when the window ends.
    public struct Count<Element, Failure: Error>: Expectation {
        public init() {}
        public var name: String { "count" }

        /// Only a completion (or the window's end) decides it.
        public var wakeCondition: WakeCondition { .completion }

        public func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Int> {
            guard window.completion != nil || window.end.isFinal else { return .pending }
            return .passed(window.elementCount, cursor: nil)
        }
    }
}
