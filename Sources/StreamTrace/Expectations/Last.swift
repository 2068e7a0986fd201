extension StreamExpectations {
    /// The last element of a stream that finished, or `nil` if it published
    /// none (`last`).
    public struct Last<Element, Failure: Error>: StreamExpectation {
        public init() {}
        public var name: String { "last" }

        public func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Element?> {
            window.whenFinished(name, expected: "the stream to finish") { location in
                let count = window.elementCount
                return .passed(count > 0 ? window.element(at: count - 1) : nil, cursor: nil, at: location)
            }
        }
    }
}

extension StreamExpectations.Last: WakeFiltered {
    /// Only a completion (or the window's end) decides it.
    package var wakeCondition: WakeCondition { .completion }
}

extension Recorder {
    /// The last element of a stream that finishes, or `nil`.
    public var last: RecorderExpectation<StreamExpectations.Last<Input, Failure>> {
        expecting(.init())
    }
}

extension StreamExpectations.Last: TraceExpectation where Element == RawJSON, Failure == TraceFailure {
    package var traceNeeds: TraceNeeds { TraceNeeds(lastElement: true) }

    static var querySyntax: QuerySyntax {
        QuerySyntax(keyword: "last", summary: "the last element (null if none); fails if failed or not completed") {
            _ in Self()
        }
    }
}
