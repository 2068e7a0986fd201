extension StreamExpectations {
    /// The error of a stream that failed (`failure`).
    public struct FailureError<Element, Failure: Error>: StreamExpectation {
        public init() {}
        public var name: String { "failure" }

        public func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Failure> {
            window.whenCompleted(name) { completion, location in
                switch completion {
                case .failure(let failure): .passed(failure, cursor: nil, at: location)
                case .finished:
                    .failed(window.error(name, .finished, "expected the stream to fail, but it finished", at: location))
                }
            }
        }
    }
}

extension StreamExpectations.FailureError: WakeFiltered {
    /// Only a completion (or the window's end) decides it.
    package var wakeCondition: WakeCondition { .completion }
}

extension Recorder {
    /// The error of a stream that fails.
    public var failure: RecorderExpectation<StreamExpectations.FailureError<Input, Failure>> {
        expecting(.init())
    }
}

extension StreamExpectations.FailureError: TraceExpectation where Element == RawJSON, Failure == TraceFailure {
    package var traceNeeds: TraceNeeds { .nothing }

    static var querySyntax: QuerySyntax {
        QuerySyntax(
            keyword: "failure", summary: "the failure's error object; fails if the stream finished or did not complete"
        ) {
            _ in Self()
        }
    }
}
