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

        public var wakeCondition: WakeCondition { .elements(atLeast: maxLength) }

        public var invertedWakeCondition: WakeCondition { .elements(atLeast: maxLength) }

        public func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<[Element]> {
            let count = window.elementCount
            if count >= maxLength {
                return .passed(window.elements(0..<maxLength), cursor: max(window.consumedCount, maxLength))
            }
            if let (completion, location) = window.completion {
                switch completion {
                case .failure(let failure):
                    return .failed(
                        window.streamFailed(name, expected: "\(maxLength) elements", failure, at: location))
                case .finished:
                    return .passed(window.elements(0..<count), cursor: max(window.consumedCount, count))
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
                    window.error(
                        invertedName, .invertedFulfilled,
                        "expected fewer than \(maxLength) elements and no completion\(window.end.phrase), but \(window.completionPhrase(completion))",
                        at: location, streamError: completion.error))
            }
            guard window.end.isFinal else { return .pending }
            return .passed(window.elements(0..<count), cursor: max(window.consumedCount, count))
        }
    }
}
