/// Where an event is: its position in the recording, the trace line it was read from, and its time.
public struct EventLocation: Sendable, Hashable, CustomStringConvertible {
    /// The event's 0-based position among the recording's events.
    public var index: Int
    /// The trace line the event was read from, or `nil` in memory.
    public var line: Int?
    /// Nanoseconds since the subscription started.
    public var nanoseconds: Int64

    /// `line 4, t=+2.1ms`, or `event 3, t=+2.1ms` for an event in memory.
    public var description: String {
        if let line { return "line \(line), \(TimeFormat.offset(nanoseconds))" }
        return "event \(index + 1), \(TimeFormat.offset(nanoseconds))"
    }

    /// `checkout/results.jsonl:7, t=+4ms`: the line in `file`, for a recording read from several traces (a group's
    /// folder); the ``description`` without a file or a line.
    package func description(inFile file: String?) -> String {
        guard let file, let line else { return description }
        return "\(file):\(line), \(TimeFormat.offset(nanoseconds))"
    }
}
