/// How a trace ends.
public enum TraceStatus: String, Sendable, Hashable, CustomStringConvertible {
    /// The stream completed successfully.
    case finished
    /// The stream completed with an error.
    case failed
    /// The subscriber cancelled.
    case cancelled
    /// The recording stopped while the stream was still live.
    case open
    /// The writer died mid-line: the last line was cut off and ignored.
    case truncated

    public var description: String { rawValue }
}
