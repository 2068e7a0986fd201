extension StreamExpectations {
    /// All elements of a stream that finished (`elements`).
    public struct Elements<Element, Failure: Error>: StreamExpectation {
        public init() {}
        public var name: String { "elements" }

        public func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<[Element]> {
            window.whenFinished(name, expected: "the stream to finish") { location in
                .passed(window.elements(0..<window.elementCount), cursor: nil, at: location)
            }
        }
    }
}

extension StreamExpectations.Elements: WakeFiltered {
    /// Only a completion (or the window's end) decides it.
    package var wakeCondition: WakeCondition { .completion }
}

extension Recorder {
    /// All elements of a stream that finishes.
    public var elements: RecorderExpectation<StreamExpectations.Elements<Input, Failure>> {
        expecting(.init())
    }
}

extension StreamExpectations.Elements: TraceExpectation where Element == RawJSON, Failure == TraceFailure {
    package var traceNeeds: TraceNeeds { .everything }

    static var querySyntax: QuerySyntax {
        QuerySyntax(keyword: "elements", summary: "all elements; fails if the stream failed or did not complete") { _ in
            Self()
        }
    }
}
