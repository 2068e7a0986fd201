/// A whole trace read into memory: its header, events and status.
///
/// For large traces prefer ``TraceReader``, which reads one event at a time.
///
/// ```swift
/// let trace = try Trace(contentsOf: "search.trace.jsonl")
/// let status = trace.status  // .finished
/// let elements = trace.elements  // [JSONValue]
/// ```
public struct Trace: Sendable, Equatable {
    /// The header line: the stream's name, its clock, where it starts.
    public var header: TraceHeader
    /// Every event, in order, with its time and line.
    public var events: [TraceEvent]
    /// How the trace ends: finished, failed, cancelled, open or truncated.
    public var status: TraceStatus
    /// What the reader tolerated (a last line cut off mid-write).
    public var warnings: [TraceReadWarning]

    /// Reads the trace at `path` (`-` for standard input).
    public init(contentsOf path: String) throws(TraceReadError) {
        try self.init(reader: TraceReader(path: path))
    }

    /// Reads the rest of a trace from `reader`.
    package init(reader: TraceReader) throws(TraceReadError) {
        header = reader.header
        events = []
        while let event = try reader.next() { events.append(event) }
        status = reader.status
        warnings = reader.warnings
    }

    /// The values of the trace's `value` events, in order.
    public var elements: [JSONValue] {
        events.compactMap { if case .value(let v) = $0.event { v } else { nil } }
    }
}
