extension StreamExpectations {
    /// The next element not yet consumed (`next()`); consumes it.
    /// Invertible.
    public struct Next<Element, Failure: Error>: InvertibleExpectation {
        public init() {}
        public var name: String { "next()" }

        public func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Element> {
            let consumed = window.consumedCount
            if window.elementCount > consumed {
                return .passed(
                    window.element(at: consumed), cursor: consumed + 1, at: window.elementLocation(at: consumed))
            }
            if let (completion, location) = window.completion, case .failure(let failure) = completion {
                return .failed(window.streamFailed(name, expected: "one more element", failure, at: location))
            }
            if window.completion != nil || window.end.isFinal {
                return .failed(window.notEnough(name, expected: 1, actual: 0, what: " more"))
            }
            return .pending
        }

        /// Passes when the window ends with no new element and no completion.
        public func evaluateInverted(in window: some EventWindow<Element, Failure>) -> Verdict<Void> {
            let consumed = window.consumedCount
            let invertedName = name + ".inverted"
            if window.elementCount > consumed {
                let element = window.element(at: consumed)
                return .failed(
                    window.error(
                        invertedName, .invertedFulfilled,
                        "expected no element\(window.end.phrase), but got \(window.describe(element))",
                        at: window.elementLocation(at: consumed)))
            }
            if let (completion, location) = window.completion {
                return .failed(
                    window.completedAfterAll(
                        invertedName, expected: "no element and no completion", completion, at: location))
            }
            return window.end.isFinal ? .passed((), cursor: nil, at: window.endLocation) : .pending
        }
    }
}

extension StreamExpectations.Next: WakeFiltered {
    package var wakeCondition: WakeCondition { .unconsumed(atLeast: 1) }
}

extension Recorder {
    /// The next element not yet consumed; consumes it. Has an `inverted` form.
    public func next() -> RecorderExpectation<StreamExpectations.Next<Input, Failure>> {
        expecting(.init())
    }
}

extension StreamExpectations.Next: TraceExpectation, InvertibleTraceExpectation
where Element == RawJSON, Failure == TraceFailure {
    package var traceNeeds: TraceNeeds { TraceNeeds(consumes: 1) }

    static var querySyntax: QuerySyntax {
        QuerySyntax(
            keyword: "next", summary: "the next unconsumed element, consumed",
            invertedSummary: "passes if no new element and no completion in the window"
        ) { $0.invertible(Self()) }
    }
}
