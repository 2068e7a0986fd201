extension StreamExpectations {
    /// An element a predicate accepts, anywhere in the window, consumed ones included (`contains(where:)`): passes
    /// with the first such element and consumes nothing. Where `next(where:)` waits for the next such element and
    /// moves the cursor past it, this asks whether the stream ever published one.
    package struct ContainsWhere<Element, Failure: Error>: InvertibleExpectation, ConditionalExpectation {
        package let condition: ElementCondition<Element>

        package init(_ condition: ElementCondition<Element>) {
            self.condition = condition
        }

        package var name: String { "contains(where:)" }
        package var wakeCondition: WakeCondition { .elements(atLeast: 1) }

        package func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Element> {
            if let index = window.firstElement(from: 0, where: condition, accepting: true) {
                return .passed(window.element(at: index), cursor: nil, at: window.elementLocation(at: index))
            }
            let looked = lookedAt(window)
            if let (failure, location) = window.streamFailure {
                return .failed(
                    window.failure(
                        .streamFailed,
                        "expected an element \(condition.description), but the stream failed with "
                            + "\(StreamError(failure)); \(looked)", at: location, streamError: failure))
            }
            if let (_, location) = window.completion {
                return .failed(
                    window.failure(
                        .noMatchingElement,
                        "expected an element \(condition.description) before the stream finished; \(looked)",
                        at: location))
            }
            guard window.end.isFinal else { return .pending }
            return .failed(
                window.failure(
                    .noMatchingElement,
                    "expected an element \(condition.description)\(window.endingOrTraceEnd); \(looked)",
                    at: window.endLocation))
        }

        /// Passes when the window ends, or the stream completes, with no element the predicate accepts.
        package func evaluateInverted(in window: some EventWindow<Element, Failure>) -> Verdict<Void> {
            if let index = window.firstElement(from: 0, where: condition, accepting: true) {
                return .failed(
                    window.failure(
                        .invertedFulfilled,
                        "expected no element \(condition.description)\(window.ending), but element \(index + 1) is "
                            + window.describeElement(at: index),
                        at: window.elementLocation(at: index)))
            }
            guard window.isOver else { return .pending }
            return .passed((), cursor: nil, at: window.endLocation)
        }

        /// `none of 3 elements matched`, `no element arrived`.
        private func lookedAt(_ window: some EventWindow<Element, Failure>) -> String {
            switch window.elementCount {
            case 0: "no element arrived"
            case 1: "the 1 element did not match"
            case let count: "none of \(count) elements matched"
            }
        }
    }
}

extension Recorder {
    /// The first element `predicate` accepts, anywhere in the recording,
    /// elements consumed by `next()` included; consumes nothing. Has an
    /// `inverted` form: no such element.
    ///
    /// ```swift
    /// let error = try recorder.contains(where: { $0.isError }).get()  // it showed an error
    /// try recorder.contains(where: { $0.isEmpty }).inverted.get()  // never an empty screen
    /// ```
    public func contains(
        where predicate: @escaping @Sendable (Input) -> Bool
    ) -> InvertibleRecorderExpectation<Input, Void> {
        expecting(StreamExpectations.ContainsWhere<Input, Failure>(.predicate(predicate)))
    }
}

extension StreamExpectations.ContainsWhere<RawJSON, TraceFailure>: TraceExpectation, QueryExpectation,
    InvertibleTraceExpectation
{
    package static var query: QueryDefinition<Self> {
        QueryDefinition(
            where: "contains",
            reasons: [
                QueryReason(
                    .noMatchingElement,
                    when: "the stream finished, or the window ended, with no element the matcher accepts; the message "
                        + "says how many it looked at"),
                QueryReason(.streamFailed, when: "the stream failed with no such element"),
            ],
            summary: "the first element MATCHER accepts, consumed ones too; consumes nothing",
            passes: "the first element the matcher accepts, anywhere in the window (consumed ones too); consumes "
                + "nothing",
            inverted: .init(
                summary: "passes if no element MATCHER accepts is in the window",
                passes: "nothing; consumes nothing",
                fails: "an element the matcher accepts is in the window (a completion does not matter)"))
    }

    package var reading: TraceReading { search(accepting: true, fromCursor: false) }
    package var invertedReading: TraceReading { reading }
}
