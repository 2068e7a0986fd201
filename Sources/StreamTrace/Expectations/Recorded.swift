/// A whole recording: every element and the completion.
public struct Recording<Element, Failure: Error> {
    /// The published elements, in order.
    public var output: [Element]
    /// How the stream completed.
    public var completion: StreamCompletion<Failure>

    public init(output: [Element], completion: StreamCompletion<Failure>) {
        self.output = output
        self.completion = completion
    }
}

extension Recording: Sendable where Element: Sendable, Failure: Sendable {}
extension Recording: Equatable where Element: Equatable, Failure: Equatable {}

extension StreamExpectations {
    /// The elements and the completion of a stream that completed
    /// (`recording`). A failure is part of the recording, not an error.
    public struct Recorded<Element, Failure: Error>: Expectation {
        public init() {}
        public var name: String { "recording" }

        /// Only a completion (or the window's end) decides it.
        public var wakeCondition: WakeCondition { .completion }

        public func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Recording<Element, Failure>> {
            guard let (completion, _) = window.completion else {
                return window.end.isFinal ? .failed(window.notCompleted(name)) : .pending
            }
            return .passed(Recording(output: window.elements(0..<window.elementCount), completion: completion), cursor: nil)
        }
    }
}
