import StreamTrace

/// The stable, machine-readable kinds of failure that reports carry
/// beside their messages (`"reason"` in JSON, the `type` of a JUnit
/// failure): tooling groups failures by them, so a kind is never renamed.
enum FailureKind {
    /// A query's failure.
    static func of(_ reason: RecordingError.Reason) -> String {
        switch reason {
        case .notCompleted: "notCompleted"
        case .notEnoughElements: "notEnoughElements"
        case .tooManyElements: "tooManyElements"
        case .failed: "streamFailed"
        case .finished: "streamFinished"
        case .eventsDiffer: "eventsDiffer"
        case .noMatchingElement: "noMatchingElement"
        case .mismatch: "mismatch"
        case .invertedFulfilled: "invertedFulfilled"
        case .misbehaved: "misbehaved"
        }
    }

    /// A trace (or a directory of traces) that could not be read.
    static let unreadable = "unreadable"
    /// A spec section whose GLOB matched no trace.
    static let noTraceMatched = "noTraceMatched"
    /// `diff`: two traces that differ.
    static let tracesDiffer = "tracesDiffer"
    /// `diff` over directories: a trace only one side has.
    static let onlyInExpected = "onlyInExpected"
    static let onlyInActual = "onlyInActual"
}
