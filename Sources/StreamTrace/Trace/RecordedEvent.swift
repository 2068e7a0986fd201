/// An event with the time it happened, as a recorder holds it or a trace stores it.
public struct RecordedEvent<Value, Failure: Error> {
    /// Nanoseconds since the subscription started, on the recording's clock.
    @usableFromInline package var nanoseconds: Int64
    /// What happened.
    public var event: StreamEvent<Value, Failure>
    /// Its place in the order of the streams recorded with it (a ``StreamGroup``), shared by the group: `nil` for a
    /// stream recorded alone.
    @usableFromInline package var sequence: Int64?
    /// The line of the trace file the event was read from, or `nil` for an event recorded in memory.
    public var line: Int?

    @inlinable
    package init(nanoseconds: Int64, sequence: Int64? = nil, event: StreamEvent<Value, Failure>, line: Int? = nil) {
        self.nanoseconds = nanoseconds
        self.sequence = sequence
        self.event = event
        self.line = line
    }

    /// The time since the subscription started.
    public var time: Duration { .nanoseconds(nanoseconds) }
}

extension RecordedEvent: Sendable where Value: Sendable, Failure: Sendable {}
extension RecordedEvent: Equatable where Value: Equatable, Failure: Equatable {}
extension RecordedEvent: Hashable where Value: Hashable, Failure: Hashable {}

/// An event read from a trace file: values are JSON, errors are ``TraceFailure``s.
public typealias TraceEvent = RecordedEvent<JSONValue, TraceFailure>
