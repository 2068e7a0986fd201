extension StreamExpectations {
    /// Exactly `count` elements not yet consumed (`next(count)`); consumes
    /// them.
    public struct NextCount<Element, Failure: Error>: StreamExpectation {
        public let count: Int

        /// - Precondition: `count >= 0`.
        public init(_ count: Int) {
            precondition(count >= 0, "next(count) needs a count >= 0")
            self.count = count
        }

        public var name: String { "next(\(count))" }

        public func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<[Element]> {
            let consumed = window.consumedCount
            if window.unconsumedCount >= count {
                let location = count > 0 ? window.elementLocation(at: consumed + count - 1) : window.endLocation
                return .passed(window.elements(consumed..<consumed + count), cursor: consumed + count, at: location)
            }
            if let (completion, location) = window.completion, case .failure(let failure) = completion {
                return .failed(
                    window.streamFailed(
                        name, expected: "\(count) more element\(count == 1 ? "" : "s")", failure, at: location))
            }
            if window.completion != nil || window.end.isFinal {
                return .failed(window.notEnough(name, expected: count, actual: window.unconsumedCount, what: " more"))
            }
            return .pending
        }
    }
}

extension StreamExpectations.NextCount: WakeFiltered {
    package var wakeCondition: WakeCondition { .unconsumed(atLeast: count) }
}

extension Recorder {
    /// Exactly `count` elements not yet consumed; consumes them.
    public func next(_ count: Int) -> RecorderExpectation<StreamExpectations.NextCount<Input, Failure>> {
        expecting(.init(count))
    }
}

extension StreamExpectations.NextCount: TraceExpectation where Element == RawJSON, Failure == TraceFailure {
    package var traceNeeds: TraceNeeds { TraceNeeds(consumes: count) }

    static var querySyntax: QuerySyntax {
        QuerySyntax(keyword: "next", takesCount: true, summary: "exactly N unconsumed elements, consumed") {
            Self($0.count)
        }
    }
}
