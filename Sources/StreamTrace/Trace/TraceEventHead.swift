/// An event as ``TraceReader/nextHead()`` returns it: everything but its
/// value, which ``TraceReader/decodeValue()`` builds on demand.
package struct TraceEventHead: Sendable, Hashable {
    /// Nanoseconds since the subscription started.
    package var nanoseconds: Int64
    package var kind: EventKind
    /// The line of the trace file.
    package var line: Int
    /// The demand of a `request` event.
    package var demand: Demand?
    /// The error of a `failure` event.
    package var failure: TraceFailure?

    /// Where the event is, for messages.
    package func location(index: Int) -> EventLocation {
        EventLocation(index: index, line: line, nanoseconds: nanoseconds)
    }
}
