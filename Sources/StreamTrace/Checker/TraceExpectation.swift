/// An expectation `streamtrace check` evaluates against a trace read from disk: elements are the trace's values as
/// JSON text, errors ``TraceFailure``s. Each declares in its own file its query syntax (a ``QuerySyntax``), what a
/// pass must keep for it (``TraceNeeds``), and its value as JSON.
package protocol TraceExpectation: StreamExpectation where Element == RawJSON, Failure == TraceFailure {
    /// What one pass over a trace must keep so that it can be evaluated.
    var traceNeeds: TraceNeeds { get }
    /// How a pass reads its elements: through its window (the default), a matcher search, or a run built as they come.
    var reading: TraceReading { get }
    /// Its inverted form (`not finished`), if it has one.
    var inverted: (any TraceExpectation)? { get }
    /// The value it passes with, as JSON; `nil` when it passes with nothing (`finished`).
    func json(_ output: Output) -> RawJSON?
}

/// A trace expectation with an inverted form (`not finished`).
package protocol InvertibleTraceExpectation: TraceExpectation, InvertibleExpectation {
    /// The value the inverted expectation passes with, as JSON; `nil` for nothing.
    func jsonInverted(_ output: InvertedOutput) -> RawJSON?
    /// How a pass reads the elements for the inverted form.
    var invertedReading: TraceReading { get }
}

extension TraceExpectation {
    package var reading: TraceReading { .window }
    package var inverted: (any TraceExpectation)? { nil }

    /// Decides from `window`, with the value as JSON (`nil`: nothing).
    package func check(in window: some EventWindow<RawJSON, TraceFailure>) -> Verdict<RawJSON?> {
        verdict(in: window).map(json)
    }
}

extension InvertibleTraceExpectation {
    package var invertedReading: TraceReading { .window }
    package var inverted: (any TraceExpectation)? { StreamExpectations.Inverted(self) }
}

extension TraceExpectation where Output == Void {
    package func json(_ output: Void) -> RawJSON? { nil }
}

extension TraceExpectation where Output: QueryValue {
    package func json(_ output: Output) -> RawJSON? { output.queryJSON }
}

extension InvertibleTraceExpectation where InvertedOutput == Void {
    package func jsonInverted(_ output: Void) -> RawJSON? { nil }
}

extension InvertibleTraceExpectation where InvertedOutput: QueryValue {
    package func jsonInverted(_ output: InvertedOutput) -> RawJSON? { output.queryJSON }
}

extension StreamExpectations.Inverted: TraceExpectation where Base: InvertibleTraceExpectation {
    package var traceNeeds: TraceNeeds { base.traceNeeds }
    package var reading: TraceReading { base.invertedReading }
    package func json(_ output: Base.InvertedOutput) -> RawJSON? { base.jsonInverted(output) }
}
