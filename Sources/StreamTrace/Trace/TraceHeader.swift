/// The first line of a trace: format version, and what was recorded.
public struct TraceHeader: Sendable, Hashable {
    package static let currentVersion = 1

    /// The format version (always 1 for traces this library accepts).
    package var version: Int
    /// A human name for the stream.
    public var stream: String?
    /// The group of streams recorded together that the trace belongs to (a ``StreamGroup``, or the folder of a
    /// ``TraceDirectory``): its events carry the group's sequence numbers, which order them against the other streams'.
    package var group: String?
    /// The clock of the trace's times: `continuous`, `suspending`, `virtual`, or another name.
    public var clock: String?
    /// The wall-clock time of the subscription, ISO-8601 UTC (written with microseconds; read with 0 to 9 fraction
    /// digits). Omitted under a virtual clock so that traces are deterministic.
    public var started: String?
    /// The trace's clock reading at the subscription, in nanoseconds since the clock's origin (a test clock starts
    /// at 0): traces recorded on one clock line up on `at + t`.
    public var at: Int64?
    /// The seed of the schedule a virtual clock ran its tasks in, when it explored one
    /// (``TestClock/Schedule/random(seed:)``): the same seed replays the same order, and the same trace.
    public var seed: UInt64?
    /// Any extra information: test name, host, app version…
    public var meta: JSONObject?

    package init(
        version: Int = TraceHeader.currentVersion, stream: String? = nil, group: String? = nil, clock: String? = nil,
        started: String? = nil, at: Int64? = nil, seed: UInt64? = nil, meta: JSONObject? = nil
    ) {
        (self.version, self.stream, self.group, self.clock) = (version, stream, group, clock)
        (self.started, self.at, self.seed, self.meta) = (started, at, seed, meta)
    }
}
