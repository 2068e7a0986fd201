extension StreamExpectations {
    /// The error of a stream that failed (`failure`): derived from `completion`, which it fails if the stream finished.
    package struct FailureError<Element, Failure: Error>: DerivedExpectation {
        package var name: String { "failure" }
        package var base: Completion<Element, Failure> { Completion() }

        package func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Failure> {
            base.evaluate(in: window).flatMap { completion, _, location in
                guard case .failure(let failure) = completion else {
                    return .failed(
                        window.failure(.streamFinished, "expected the stream to fail, but it finished", at: location))
                }
                return .passed(failure, cursor: nil, at: location)
            }
        }
    }
}

extension RecordingError.Reason {
    /// The stream finished where a failure was expected (`failure`).
    public static let streamFinished = Self(rawValue: "streamFinished")
}

extension Recorder {
    /// The error of a stream that fails.
    public var failure: RecorderExpectation<Failure> { expecting(StreamExpectations.FailureError<Input, Failure>()) }
}

extension StreamExpectations.FailureError<RawJSON, TraceFailure>: TraceExpectation, QueryExpectation {
    package static var query: QueryDefinition<Self> {
        QueryDefinition(
            QuerySyntax(keyword: "failure") { _ in Self() },
            reasons: [QueryReason(.streamFinished, when: "the stream finished")] + Base.reasons,
            summary: "the failure's error object; fails if the stream finished or did not complete",
            passes: "the error object `{\"type\",\"message\"[,\"value\"]}`")
    }
}
