/// An event as ``TraceReader/nextHead()`` returns it: all but its value, which ``TraceReader/decodeValue()`` builds.
package struct TraceEventHead: Sendable, Hashable {
    /// Nanoseconds since the subscription started.
    package var nanoseconds: Int64
    package var kind: EventKind
    package var line: Int
    /// The demand of a `request` event.
    package var demand: Demand?
    /// The error of a `failure` event.
    package var failure: TraceFailure?
}
