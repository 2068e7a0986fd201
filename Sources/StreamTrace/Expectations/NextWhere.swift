extension StreamExpectations {
    /// The first element not yet consumed that a predicate accepts (`next(where:)`); consumes the elements up to and
    /// including it. A failure says how many elements it skipped and shows the last; it consumes nothing.
    package struct NextWhere<Element, Failure: Error>: FirstMatchExpectation {
        package static var fromCursor: Bool { true }
        package let condition: ElementCondition<Element>

        package init(_ condition: ElementCondition<Element>) {
            self.condition = condition
        }

        package var name: String { "next(where:)" }
        package var wakeCondition: WakeCondition { .unconsumed(atLeast: 1) }

        package func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Element> {
            if let index = firstMatch(in: window) {
                return .passed(window.element(at: index), cursor: index + 1, at: window.elementLocation(at: index))
            }
            let cancel: EventLocation? = if case .cancelled(let location) = window.end { location } else { nil }
            return noMatch(in: window, read: skippedPhrase(window), end: cancel ?? window.lastEvent?.location)
        }

        package func found(_ index: Int, in window: some EventWindow<Element, Failure>) -> String {
            "got \(window.describeElement(at: index))"
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
    /// `next(where:)` found no element it accepts before the stream finished or the window ended.
    public static let noMatchingElement = Self(rawValue: "noMatchingElement")
}

extension Recorder {
    /// The first element not yet consumed that `predicate` accepts; consumes the elements up to and including it. Has
    /// an `inverted` form.
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
            firstWhere: "next",
            notFound: "the stream finished, or the window ended, first; the message says how many elements it "
                + "skipped and shows the last; a failing `next where` consumes nothing",
            failed: "the stream failed first",
            summary: "the first unconsumed element MATCHER accepts; consumes the elements up to it",
            passes: "the first unconsumed element the matcher accepts; consumes the elements up to and including it",
            inverted: (
                summary: "passes if no element MATCHER accepts arrives in the window",
                fails: "an element the matcher accepts arrived in the window (a completion does not matter)"
            ))
    }
}
