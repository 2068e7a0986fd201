extension StreamExpectations {
    /// An element a predicate accepts, anywhere in the window, consumed ones included (`contains(where:)`): passes with
    /// the first such element and consumes nothing. Where `next(where:)` waits for the next such element and moves the
    /// cursor past it, this asks whether the stream ever published one.
    package struct ContainsWhere<Element, Failure: Error>: FirstMatchExpectation {
        package static var fromCursor: Bool { false }
        package let condition: ElementCondition<Element>

        package init(_ condition: ElementCondition<Element>) {
            self.condition = condition
        }

        package var name: String { "contains(where:)" }
        package var wakeCondition: WakeCondition { .elements(atLeast: 1) }

        package func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Element> {
            if let index = firstMatch(in: window) {
                return .passed(window.element(at: index), cursor: nil, at: window.elementLocation(at: index))
            }
            return noMatch(in: window, read: lookedAt(window), end: window.endLocation)
        }

        package func found(_ index: Int, in window: some EventWindow<Element, Failure>) -> String {
            "element \(index + 1) is " + window.describeElement(at: index)
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
    /// The first element `predicate` accepts, anywhere in the recording, elements consumed by `next()` included;
    /// consumes nothing. Has an `inverted` form: no such element.
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
            firstWhere: "contains",
            notFound: "the stream finished, or the window ended, with no element the matcher accepts; the message "
                + "says how many it looked at",
            failed: "the stream failed with no such element",
            summary: "the first element MATCHER accepts, consumed ones too; consumes nothing",
            passes: "the first element the matcher accepts, anywhere in the window (consumed ones too); consumes "
                + "nothing",
            inverted: (
                summary: "passes if no element MATCHER accepts is in the window",
                fails: "an element the matcher accepts is in the window (a completion does not matter)"
            ))
    }
}
