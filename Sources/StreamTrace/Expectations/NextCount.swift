extension StreamExpectations {
    /// Exactly `count` elements not yet consumed (`next(count)`); consumes
    /// them.
    ///
    /// A primitive: `next()` maps what `next(1)` passes with, and its
    /// inverted rule (fewer new elements and no completion in the window)
    /// is `next().inverted`'s.
    package struct NextCount<Element, Failure: Error>: StreamExpectation, WakeFiltered {
        package let count: Int

        /// - Precondition: `count >= 0`.
        package init(_ count: Int) {
            precondition(count >= 0, "next(count) needs a count >= 0")
            self.count = count
        }

        package var name: String { "next(\(count))" }
        package var wakeCondition: WakeCondition { .unconsumed(atLeast: count) }

        package func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<[Element]> {
            let consumed = window.consumedCount
            if window.unconsumedCount >= count {
                let location = count > 0 ? window.elementLocation(at: consumed + count - 1) : window.endLocation
                return .passed(window.elements(consumed..<consumed + count), cursor: consumed + count, at: location)
            }
            if let (failure, location) = window.streamFailure {
                return .failed(window.streamFailed(expected: "\(count) more \(noun)", failure, at: location))
            }
            guard window.isOver else { return .pending }
            return .failed(window.notEnough(expected: count, actual: window.unconsumedCount, what: " more"))
        }

        /// The inverted rule: passes when the window ends with fewer than
        /// `count` new elements and no completion.
        package func evaluateInverted(in window: some EventWindow<Element, Failure>) -> Verdict<Void> {
            let expected = count == 1 ? "no element" : "fewer than \(count) more \(noun)"
            let consumed = window.consumedCount
            if window.unconsumedCount >= count, count > 0 {
                return .failed(
                    window.failure(
                        .invertedFulfilled,
                        "expected \(expected)\(window.ending), but got \(window.describe(window.element(at: consumed)))",
                        at: window.elementLocation(at: consumed + count - 1)))
            }
            if let (completion, location) = window.completion {
                return .failed(
                    window.completedAfterAll(expected: "\(expected) and no completion", completion, at: location))
            }
            return window.end.isFinal ? .passed((), cursor: nil, at: window.endLocation) : .pending
        }

        private var noun: String { count == 1 ? "element" : "elements" }
    }
}

extension Recorder {
    /// Exactly `count` elements not yet consumed; consumes them.
    public func next(_ count: Int) -> RecorderExpectation<[Input]> {
        expecting(StreamExpectations.NextCount<Input, Failure>(count))
    }
}

extension StreamExpectations.NextCount: TraceExpectation, QueryExpectation
where Element == RawJSON, Failure == TraceFailure {
    package var traceNeeds: TraceNeeds { TraceNeeds(consumes: count) }
    package static var syntax: QuerySyntax {
        QuerySyntax(keyword: "next", arguments: [.wholeNumber]) { Self($0.count) }
    }

    package static var reasons: [QueryReason] {
        [
            QueryReason(reason: .streamFailed, when: "fewer than N and the stream failed"),
            QueryReason(
                reason: .notEnoughElements, when: "fewer than N before the stream finished or the window ended"),
        ]
    }

    package static var documentation: QueryDocumentation {
        QueryDocumentation(
            summary: "exactly N unconsumed elements, consumed",
            passes: "exactly N unconsumed elements (consumed); `next 0` is `[]`")
    }
}
