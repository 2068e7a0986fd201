extension StreamExpectations {
    /// The first `maxLength` elements, consumed ones included, or fewer if
    /// the stream finished first (`prefix(maxLength)`). Moves the cursor up
    /// to `maxLength`. Invertible.
    package struct Prefix<Element, Failure: Error>: InvertibleExpectation, WakeFiltered {
        package let maxLength: Int

        /// - Precondition: `maxLength >= 0`.
        package init(_ maxLength: Int) {
            precondition(maxLength >= 0, "prefix(maxLength) needs a maxLength >= 0")
            self.maxLength = maxLength
        }

        package var name: String { "prefix(\(maxLength))" }
        package var wakeCondition: WakeCondition { .elements(atLeast: maxLength) }

        package func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<[Element]> {
            let count = window.elementCount
            if count >= maxLength {
                return window.passed(0..<maxLength, cursor: max(window.consumedCount, maxLength))
            }
            if let (completion, location) = window.completion {
                switch completion {
                case .failure(let failure):
                    return .failed(window.streamFailed(expected: "\(maxLength) elements", failure, at: location))
                case .finished:
                    return .passed(window.elements(0..<count), cursor: max(window.consumedCount, count), at: location)
                }
            }
            return window.end.isFinal ? .failed(window.notEnough(expected: maxLength, actual: count)) : .pending
        }

        /// Passes with the elements when the window ends with fewer than
        /// `maxLength` elements and no completion.
        package func evaluateInverted(in window: some EventWindow<Element, Failure>) -> Verdict<[Element]> {
            let count = window.elementCount
            if count >= maxLength {
                return .failed(
                    window.failure(
                        .invertedFulfilled,
                        "expected fewer than \(maxLength) elements\(window.ending), but got \(maxLength)",
                        at: maxLength > 0 ? window.elementLocation(at: maxLength - 1) : window.lastEvent?.location))
            }
            return window.passedWithoutCompletion(
                window.elements(0..<count), cursor: max(window.consumedCount, count),
                expected: "fewer than \(maxLength) elements and no completion")
        }
    }
}

extension Recorder {
    /// The first `maxLength` elements, or fewer if the stream finishes
    /// first. Has an `inverted` form.
    public func prefix(_ maxLength: Int) -> InvertibleRecorderExpectation<[Input], [Input]> {
        expecting(StreamExpectations.Prefix<Input, Failure>(maxLength))
    }
}

extension StreamExpectations.Prefix<RawJSON, TraceFailure>: TraceExpectation, QueryExpectation,
    InvertibleTraceExpectation
{
    package static var query: QueryDefinition<Self> {
        QueryDefinition(
            QuerySyntax(keyword: "prefix", arguments: [.wholeNumber]) { Self($0.count) },
            needs: { TraceNeeds(consumes: $0.maxLength) },
            reasons: [
                QueryReason(.streamFailed, when: "it failed before N elements"),
                QueryReason(.notEnoughElements, when: "the window ended before N elements without a completion"),
            ],
            summary: "the first N elements (fewer if it finished first); moves the cursor up to N",
            passes: "the first N elements, consumed ones included, or fewer if it finished first",
            inverted: .init(
                summary: "passes with the elements if fewer than N and no completion",
                passes: "the elements so far", fails: "N elements, or a completion, arrived"))
    }
}
