extension StreamExpectations {
    /// Every element a predicate accepts, in a stream that finished (`every(where:)`): passes with the number of
    /// elements, none at all included. An element the predicate rejects fails it at once, whether or not the stream
    /// completed; else it fails as `finished` does. It reads every element, consumed ones too, and consumes none.
    package struct Every<Element, Failure: Error>: ConditionalExpectation, DerivedExpectation {
        package var name: String { "every(where:)" }
        package var base: Finished<Element, Failure> { Finished() }
        /// Every element may be the one it rejects.
        package var wakeCondition: WakeCondition { .everyEvent }

        package let condition: ElementCondition<Element>

        package init(_ condition: ElementCondition<Element>) {
            self.condition = condition
        }

        package func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Int> {
            if let index = window.firstElement(from: 0, where: condition, accepting: false) {
                let shown = window.describeElement(at: index)
                return .failed(
                    window.failure(
                        .elementDidNotMatch,
                        "expected every element \(condition.description), but element \(index + 1) is \(shown)",
                        at: window.elementLocation(at: index)))
            }
            return base.evaluate(in: window).map { _ in window.elementCount }
        }
    }
}

extension Recorder {
    /// Every element `predicate` accepts, in a stream that finishes: the number of elements. An element it rejects
    /// fails the expectation at once; elements consumed by `next()` count too, and none is consumed.
    ///
    /// ```swift
    /// let count = try await recorder.every(where: { $0.isValid }).value(timeout: .seconds(1))
    /// ```
    public func every(
        where predicate: @escaping @Sendable (Input) -> Bool
    ) -> RecorderExpectation<Int> {
        expecting(StreamExpectations.Every<Input, Failure>(.predicate(predicate)))
    }
}

extension StreamExpectations.Every<RawJSON, TraceFailure>: TraceExpectation, QueryExpectation {
    package static var query: QueryDefinition<Self> {
        QueryDefinition(
            where: "every",
            reasons: [QueryReason(.elementDidNotMatch, when: "an element the matcher rejects (the first, shown)")]
                + Base.reasons,
            summary: "the number of elements, if MATCHER accepts every one and the stream finished",
            passes: "the number of elements, when the stream finished and the matcher accepts every one (none at all "
                + "included); reads consumed elements too, consumes none")
    }

    package var reading: TraceReading { search(accepting: false, fromCursor: false) }
}

extension RecordingError.Reason {
    /// An element that `every(where:)` expected its predicate to accept was rejected.
    public static let elementDidNotMatch = Self(rawValue: "elementDidNotMatch")
}
