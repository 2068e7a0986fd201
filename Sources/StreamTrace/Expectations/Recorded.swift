/// A whole recording: every element and the completion.
public struct Recording<Element, Failure: Error> {
    /// The published elements, in order.
    public var output: [Element]
    /// How the stream completed.
    public var completion: StreamCompletion<Failure>
}

extension Recording: Sendable where Element: Sendable, Failure: Sendable {}
extension Recording: Equatable where Element: Equatable, Failure: Equatable {}

extension StreamExpectations {
    /// The elements and the completion of a stream that completed (`recording`); a failure is part of it, not an error.
    package struct Recorded<Element, Failure: Error>: RunExpectation, DerivedExpectation {
        package var name: String { "recording" }
        package var base: Completion<Element, Failure> { Completion() }

        package func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Recording<Element, Failure>> {
            base.evaluate(in: window).map {
                Recording(output: window.elements(0..<window.elementCount), completion: $0)
            }
        }

        package func evaluateRun(in window: some EventWindow<Element, Failure>) -> Verdict<Range<Int>> {
            base.evaluate(in: window).map { _ in 0..<window.elementCount }
        }
    }
}

extension Recorder {
    /// Every element and the completion.
    public var recording: RecorderExpectation<Recording<Input, Failure>> {
        expecting(StreamExpectations.Recorded<Input, Failure>())
    }
}

extension StreamExpectations.Recorded<RawJSON, TraceFailure>: TraceExpectation, QueryExpectation {
    package static var query: QueryDefinition<Self> {
        QueryDefinition(
            QuerySyntax(keyword: "recording") { _ in Self() }, reasons: Base.reasons,
            summary: "{\"elements\": [...], \"completion\": ...}; fails if not completed",
            passes: "`{\"elements\": [...], \"completion\": ...}`")
    }

    package var reading: TraceReading { .run(ElementRun(self, isRecording: true, movesCursor: false)) }
}
