extension StreamExpectations {
    /// All elements published until the window ends (`availableElements`).
    ///
    /// Fails only if the stream fails; never on timeout. Moves the cursor to
    /// the end.
    public struct AvailableElements<Element, Failure: Error>: StreamExpectation {
        public init() {}
        public var name: String { "availableElements" }

        public func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<[Element]> {
            if let (completion, location) = window.completion {
                if case .failure(let failure) = completion {
                    return .failed(window.streamFailed(name, expected: "no failure", failure, at: location))
                }
            } else if !window.end.isFinal {
                return .pending
            }
            let count = window.elementCount
            return .passed(window.elements(0..<count), cursor: max(window.consumedCount, count), at: window.endLocation)
        }
    }
}

extension StreamExpectations.AvailableElements: WakeFiltered {
    /// Only a completion (or the window's end) decides it.
    package var wakeCondition: WakeCondition { .completion }
}

extension Recorder {
    /// All elements published until the wait expires or the stream
    /// completes. Fails only if the stream fails.
    public var availableElements: RecorderExpectation<StreamExpectations.AvailableElements<Input, Failure>> {
        expecting(.init())
    }
}

extension StreamExpectations.AvailableElements: TraceExpectation where Element == RawJSON, Failure == TraceFailure {
    package var traceNeeds: TraceNeeds { .everything }

    static var querySyntax: QuerySyntax {
        QuerySyntax(
            keyword: "available", synonyms: ["availableElements"],
            summary: "all elements in the window (consumed ones too); moves the cursor to the end"
        ) { _ in Self() }
    }
}
