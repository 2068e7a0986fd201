extension StreamExpectations {
    /// The number of elements in the window (`elementCount`; `count` in a
    /// query). Never fails: it is decided at the completion or when the
    /// window ends.
    public struct ElementCount<Element, Failure: Error>: StreamExpectation {
        public init() {}
        public var name: String { "elementCount" }

        public func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Int> {
            guard window.completion != nil || window.end.isFinal else { return .pending }
            return .passed(window.elementCount, cursor: nil, at: window.endLocation)
        }
    }
}

extension StreamExpectations.ElementCount: WakeFiltered {
    /// Only a completion (or the window's end) decides it.
    package var wakeCondition: WakeCondition { .completion }
}

extension Recorder {
    /// The number of elements when the stream completes or the wait
    /// expires (an expectation, like the others: read it with `get()` or
    /// wait for it).
    public var elementCount: RecorderExpectation<StreamExpectations.ElementCount<Input, Failure>> {
        expecting(.init())
    }
}

extension StreamExpectations.ElementCount: TraceExpectation where Element == RawJSON, Failure == TraceFailure {
    package var traceNeeds: TraceNeeds { .nothing }

    static var querySyntax: QuerySyntax {
        QuerySyntax(keyword: "count", isNumeric: true, summary: "the number of elements in the window (use a matcher)")
        { _ in
            Self()
        }
    }
}
