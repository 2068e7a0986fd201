extension StreamExpectations {
    /// The first `maxLength` elements, consumed ones included, or fewer if
    /// the stream finished first (`prefix(maxLength)`). Moves the cursor up
    /// to `maxLength`. Invertible.
    public struct Prefix<Element, Failure: Error>: InvertibleExpectation {
        public let maxLength: Int

        /// - Precondition: `maxLength >= 0`.
        public init(_ maxLength: Int) {
            precondition(maxLength >= 0, "prefix(maxLength) needs a maxLength >= 0")
            self.maxLength = maxLength
        }

        public var name: String { "prefix(\(maxLength))" }

        public func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<[Element]> {
            let count = window.elementCount
            if count >= maxLength {
                let location = maxLength > 0 ? window.elementLocation(at: maxLength - 1) : window.endLocation
                return .passed(
                    window.elements(0..<maxLength), cursor: max(window.consumedCount, maxLength), at: location)
            }
            if let (completion, location) = window.completion {
                switch completion {
                case .failure(let failure):
                    return .failed(window.streamFailed(name, expected: "\(maxLength) elements", failure, at: location))
                case .finished:
                    return .passed(window.elements(0..<count), cursor: max(window.consumedCount, count), at: location)
                }
            }
            if window.end.isFinal {
                return .failed(window.notEnough(name, expected: maxLength, actual: count))
            }
            return .pending
        }

        /// Passes with the elements when the window ends with fewer than
        /// `maxLength` elements and no completion.
        public func evaluateInverted(in window: some EventWindow<Element, Failure>) -> Verdict<[Element]> {
            let count = window.elementCount
            let invertedName = name + ".inverted"
            if count >= maxLength {
                return .failed(
                    window.error(
                        invertedName, .invertedFulfilled,
                        "expected fewer than \(maxLength) elements\(window.end.phrase), but got \(maxLength)",
                        at: maxLength > 0 ? window.elementLocation(at: maxLength - 1) : window.lastEvent?.location))
            }
            if let (completion, location) = window.completion {
                return .failed(
                    window.completedAfterAll(
                        invertedName, expected: "fewer than \(maxLength) elements and no completion", completion,
                        at: location))
            }
            guard window.end.isFinal else { return .pending }
            return .passed(window.elements(0..<count), cursor: max(window.consumedCount, count), at: window.endLocation)
        }
    }
}

extension StreamExpectations.Prefix: WakeFiltered {
    package var wakeCondition: WakeCondition { .elements(atLeast: maxLength) }
}

extension Recorder {
    /// The first `maxLength` elements, or fewer if the stream finishes
    /// first. Has an `inverted` form.
    public func prefix(_ maxLength: Int) -> RecorderExpectation<StreamExpectations.Prefix<Input, Failure>> {
        expecting(.init(maxLength))
    }
}

extension StreamExpectations.Prefix: TraceExpectation, InvertibleTraceExpectation
where Element == RawJSON, Failure == TraceFailure {
    package var traceNeeds: TraceNeeds { TraceNeeds(consumes: maxLength) }

    static var querySyntax: QuerySyntax {
        QuerySyntax(
            keyword: "prefix", takesCount: true,
            summary: "the first N elements (fewer if it finished first); moves the cursor up to N",
            invertedSummary: "passes with the elements if fewer than N and no completion"
        ) { $0.invertible(Self($0.count)) }
    }
}
