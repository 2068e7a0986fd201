extension StreamExpectations {
    /// The first element not yet consumed that a predicate accepts (`next(where:)`); consumes the elements up to and
    /// including it. A failure says how many elements it skipped and shows the last; it consumes nothing.
    package struct NextWhere<Element, Failure: Error>: InvertibleExpectation, ConditionalExpectation {
        package let condition: ElementCondition<Element>

        package init(_ condition: ElementCondition<Element>) {
            self.condition = condition
        }

        package var name: String { "next(where:)" }
        package var wakeCondition: WakeCondition { .unconsumed(atLeast: 1) }

        package func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Element> {
            if let index = window.firstElement(from: window.consumedCount, where: condition, accepting: true) {
                return .passed(window.element(at: index), cursor: index + 1, at: window.elementLocation(at: index))
            }
            let skipped = skippedPhrase(window)
            if let (completion, location) = window.completion {
                guard case .failure(let failure) = completion else {
                    return .failed(
                        window.failure(
                            .noMatchingElement,
                            "expected an element \(condition.description) before the stream finished; \(skipped)",
                            at: location))
                }
                return .failed(
                    window.failure(
                        .streamFailed,
                        "expected an element \(condition.description), but the stream failed with \(StreamError(failure)); \(skipped)",
                        at: location, streamError: failure))
            }
            if case .cancelled(let location) = window.end {
                return .failed(
                    window.failure(
                        .noMatchingElement, "expected an element \(condition.description)\(window.ending); \(skipped)",
                        at: location
                    ))
            }
            guard window.end.isFinal else { return .pending }
            return .failed(
                window.failure(
                    .noMatchingElement,
                    "expected an element \(condition.description)\(window.endingOrTraceEnd); \(skipped)",
                    at: window.lastEvent?.location))
        }

        /// Passes when the window ends, or the stream completes, before an element the predicate accepts arrives.
        package func evaluateInverted(in window: some EventWindow<Element, Failure>) -> Verdict<Void> {
            if let index = window.firstElement(from: window.consumedCount, where: condition, accepting: true) {
                return .failed(
                    window.failure(
                        .invertedFulfilled,
                        "expected no element \(condition.description)\(window.ending), but got \(window.describeElement(at: index))",
                        at: window.elementLocation(at: index)))
            }
            guard window.isOver else { return .pending }
            return .passed((), cursor: nil, at: window.endLocation)
        }

        /// `skipped 3 elements, the last "c"`.
        private func skippedPhrase(_ window: some EventWindow<Element, Failure>) -> String {
            let count = window.unconsumedCount
            guard count > 0 else { return "no new element arrived" }
            let last = window.describeElement(at: window.elementCount - 1)
            return count == 1 ? "skipped 1 element: \(last)" : "skipped \(count) elements, the last \(last)"
        }
    }
}

extension RecordingError.Reason {
    /// `next(where:)` found no element it accepts before the stream
    /// finished or the window ended.
    public static let noMatchingElement = Self(rawValue: "noMatchingElement")
}

extension Recorder {
    /// The first element not yet consumed that `predicate` accepts;
    /// consumes the elements up to and including it. Has an `inverted`
    /// form.
    ///
    /// ```swift
    /// let loaded = try await recorder.next(where: { $0.isLoaded }).value(timeout: .seconds(1))
    /// try recorder.next(where: { $0.isError }).inverted.get()  // no error so far
    /// ```
    public func next(
        where predicate: @escaping @Sendable (Input) -> Bool
    ) -> InvertibleRecorderExpectation<Input, Void> {
        expecting(StreamExpectations.NextWhere<Input, Failure>(.predicate(predicate)))
    }
}

extension StreamExpectations.NextWhere<RawJSON, TraceFailure>: TraceExpectation, QueryExpectation,
    InvertibleTraceExpectation
{
    package static var query: QueryDefinition<Self> {
        QueryDefinition(
            where: "next",
            reasons: [
                QueryReason(
                    .noMatchingElement,
                    when: "the stream finished, or the window ended, first; the message says how many elements it "
                        + "skipped and shows the last; a failing `next where` consumes nothing"),
                QueryReason(.streamFailed, when: "the stream failed first"),
            ],
            summary: "the first unconsumed element MATCHER accepts; consumes the elements up to it",
            passes: "the first unconsumed element the matcher accepts; consumes the elements up to and including it",
            inverted: .init(
                summary: "passes if no element MATCHER accepts arrives in the window",
                passes: "nothing; consumes nothing",
                fails: "an element the matcher accepts arrived in the window (a completion does not matter)"))
    }

    package var reading: TraceReading { search(accepting: true, fromCursor: true) }
    package var invertedReading: TraceReading { reading }
}
