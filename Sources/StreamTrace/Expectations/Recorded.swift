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
    public struct Recorded<Element, Failure: Error>: StreamExpectation {
        public init() {}
        public var name: String { "recording" }

        public func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Recording<Element, Failure>> {
            window.whenCompleted(name) { completion, location in
                .passed(
                    Recording(output: window.elements(0..<window.elementCount), completion: completion), cursor: nil,
                    at: location)
            }
        }
    }
}

extension StreamExpectations.Recorded: WakeFiltered {
    /// Only a completion (or the window's end) decides it.
    package var wakeCondition: WakeCondition { .completion }
}

extension Recorder {
    /// Every element and the completion.
    public var recording: RecorderExpectation<StreamExpectations.Recorded<Input, Failure>> {
        expecting(.init())
    }
}

extension StreamExpectations.Recorded: TraceExpectation where Element == RawJSON, Failure == TraceFailure {
    package var traceNeeds: TraceNeeds { .everything }

    static var querySyntax: QuerySyntax {
        QuerySyntax(keyword: "recording", summary: "{\"elements\": [...], \"completion\": ...}; fails if not completed")
        { _ in
            Self()
        }
    }
}
