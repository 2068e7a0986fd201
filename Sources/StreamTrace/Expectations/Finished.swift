extension StreamExpectations {
    /// The stream finished successfully (`finished`); invertible.
    public struct Finished<Element, Failure: Error>: InvertibleExpectation {
        public init() {}
        public var name: String { "finished" }

        public func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Void> {
            window.whenFinished(name, expected: "the stream to finish") { location in
                .passed((), cursor: nil, at: location)
            }
        }

        /// Passes when the window ends with no completion.
        public func evaluateInverted(in window: some EventWindow<Element, Failure>) -> Verdict<Void> {
            if let (completion, location) = window.completion {
                return .failed(
                    window.completedAfterAll(name + ".inverted", expected: "no completion", completion, at: location))
            }
            return window.end.isFinal ? .passed((), cursor: nil, at: window.endLocation) : .pending
        }
    }
}

extension StreamExpectations.Finished: WakeFiltered {
    /// Only a completion (or the window's end) decides it.
    package var wakeCondition: WakeCondition { .completion }
}

extension Recorder {
    /// The stream's successful completion. Has an `inverted` form.
    public var finished: RecorderExpectation<StreamExpectations.Finished<Input, Failure>> {
        expecting(.init())
    }
}

extension StreamExpectations.Finished: TraceExpectation, InvertibleTraceExpectation
where Element == RawJSON, Failure == TraceFailure {
    package var traceNeeds: TraceNeeds { .nothing }

    static var querySyntax: QuerySyntax {
        QuerySyntax(
            keyword: "finished", summary: "passes if the stream finished; fails if it failed or did not complete",
            invertedSummary: "passes if no completion in the window"
        ) { $0.invertible(Self()) }
    }
}
