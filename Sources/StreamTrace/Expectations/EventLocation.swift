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
}
