extension StreamExpectations {
    /// Every element a predicate accepts, in a stream that finished
    /// (`every(where:)`): passes with the number of elements, none at all
    /// included.
    ///
    /// An element the predicate rejects fails it at once, at that element,
    /// whether or not the stream completed; else it fails as `elements`
    /// does, from `finished`: the stream failed, or did not complete in the
    /// window. It reads every element, consumed ones too, and consumes none.
    package struct Every<Element, Failure: Error>: StreamExpectation, DerivedExpectation {
        package var name: String { "every(where:)" }
        package var base: Finished<Element, Failure> { Finished() }
        /// Every element may be the one it rejects.
        package var wakeCondition: WakeCondition { .everyEvent }

        /// Whether an element is as expected.
        package let predicate: @Sendable (Element) -> Bool
        /// What the predicate accepts, as messages say it: `matching the
        /// predicate`, `where > 0`.
        package let condition: String

        /// Expects every element `predicate` accepts; `condition` says what it
        /// accepts in failure messages.
        package init(condition: String = "matching the predicate", _ predicate: @escaping @Sendable (Element) -> Bool) {
            self.predicate = predicate
            self.condition = condition
        }

        package func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Int> {
            // An earlier pending evaluation in this wait found the first `scannedCount` all matching.
            let unread = window.scannedCount..<window.elementCount
            if let index = unread.first(where: { !predicate(window.element(at: $0)) }) {
                let shown = window.describe(window.element(at: index))
                return .failed(
                    window.failure(
                        .elementDidNotMatch,
                        "expected every element \(condition), but element \(index + 1) is \(shown)",
                        at: window.elementLocation(at: index)))
            }
            return base.evaluate(in: window).map { _ in window.elementCount }
        }
    }
}

extension Recorder {
    /// Every element `predicate` accepts, in a stream that finishes: the
    /// number of elements. An element it rejects fails the expectation at
    /// once; elements consumed by `next()` count too, and none is consumed.
    ///
    /// ```swift
    /// let count = try await recorder.every(where: { $0.isValid }).value(timeout: .seconds(1))
    /// ```
    public func every(
        where predicate: @escaping @Sendable (Input) -> Bool
    ) -> RecorderExpectation<Int> {
        expecting(StreamExpectations.Every<Input, Failure>(predicate))
    }
}

extension StreamExpectations.Every<RawJSON, TraceFailure>: TraceExpectation, QueryExpectation {
    package static var query: QueryDefinition<Self> {
        QueryDefinition(
            QuerySyntax(keyword: "every", clauses: [.where]) { $0.condition("where", Self.init(condition:_:)) },
            keeps: .everything,
            reasons: [QueryReason(.elementDidNotMatch, when: "an element the matcher rejects (the first, shown)")]
                + Base.reasons,
            summary: "the number of elements, if MATCHER accepts every one and the stream finished",
            passes: "the number of elements, when the stream finished and the matcher accepts every one (none at all "
                + "included); reads consumed elements too, consumes none")
    }
}

extension RecordingError.Reason {
    /// An element that `every(where:)` expected its predicate to accept was
    /// rejected.
    public static let elementDidNotMatch = Self(rawValue: "elementDidNotMatch")
}
