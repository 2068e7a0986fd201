/// An event as ``TraceReader/nextHead()`` returns it: everything but its
/// value, which ``TraceReader/decodeValue()`` builds on demand.
public struct TraceEventHead: Sendable, Hashable {
    /// Nanoseconds since the subscription started.
    public var nanoseconds: Int64
    public var kind: EventKind
    /// The line of the trace file.
    public var line: Int
    /// The demand of a `request` event.
    public var demand: Demand?
    /// The error of a `failure` event.
    public var failure: TraceFailure?

    /// Where the event is, for messages.
    public func location(index: Int) -> EventLocation {
        EventLocation(index: index, line: line, nanoseconds: nanoseconds)
    }
}
