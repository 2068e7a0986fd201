extension StreamExpectations {
    /// The one and only element of a stream that finished (`single`).
    public struct Single<Element, Failure: Error>: StreamExpectation {
        public init() {}
        public var name: String { "single" }

        public func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Element> {
            window.whenFinished(name, expected: "exactly one element") { location in
                switch window.elementCount {
                case 1:
                    return .passed(window.element(at: 0), cursor: nil, at: window.elementLocation(at: 0))
                case 0:
                    return .failed(
                        window.error(
                            name, .notEnoughElements(expected: 1, actual: 0), "expected exactly one element, got 0",
                            at: location))
                case let count:
                    return .failed(
                        window.error(
                            name, .tooManyElements(actual: count), "expected exactly one element, got \(count)",
                            at: location))
                }
            }
        }
    }
}

extension StreamExpectations.Single: WakeFiltered {
    /// Only a completion (or the window's end) decides it.
    package var wakeCondition: WakeCondition { .completion }
}

extension Recorder {
    /// The one and only element of a stream that finishes.
    public var single: RecorderExpectation<StreamExpectations.Single<Input, Failure>> {
        expecting(.init())
    }
}

extension StreamExpectations.Single: TraceExpectation where Element == RawJSON, Failure == TraceFailure {
    package var traceNeeds: TraceNeeds { TraceNeeds(firstElements: 1) }

    static var querySyntax: QuerySyntax {
        QuerySyntax(
            keyword: "single", summary: "the one element; fails on 0 or 2+ elements, a failure, or no completion"
        ) { _ in
            Self()
        }
    }
}
