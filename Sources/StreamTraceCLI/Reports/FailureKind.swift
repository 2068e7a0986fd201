/// The stable, machine-readable kinds of failure that reports carry beside their messages (`"reason"` in JSON, the
/// `type` of a JUnit failure) for what is not a query's failure: tooling groups failures by them, so a kind is never
/// renamed. A query's failure carries its `RecordingError.Reason`, declared beside the expectation that fails.
enum FailureKind {
    /// A trace (or a directory of traces) that could not be read.
    static let unreadable = "unreadable"
    /// A spec section whose GLOB matched no trace.
    static let noTraceMatched = "noTraceMatched"
    /// `diff`: two traces that differ.
    static let tracesDiffer = "tracesDiffer"
    /// `diff` over directories: a trace only one side has.
    static let onlyInExpected = "onlyInExpected"
    static let onlyInActual = "onlyInActual"
    /// `diff` of two folders recorded as groups: their streams' events at one time in another order.
    static let orderChanged = "orderChanged"
}
