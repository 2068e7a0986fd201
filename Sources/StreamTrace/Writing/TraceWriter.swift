/// Writes the events of one subscription to a sink as they happen, keeping none of them: what an app uses to trace a
/// live stream (see `publisher.trace(to:)`), where a ``Recorder`` would keep every value.
///
/// ```swift
/// let writer = TraceWriter<Int, Never>(name: "ticks", sink: try FileTraceSink(path: "ticks.jsonl"))
/// writer.write(.subscribe)
/// writer.write(.value(1))
/// writer.write(.finished)
/// ```
public final class TraceWriter<Value, Failure: Error>: @unchecked Sendable {
    // The writing path is inlinable so that it is specialized for the writer's types. Guarded by `lock`: the
    // runtime's exclusivity checks would only add cost.
    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var time: TimeSource
    @usableFromInline let sink: any TraceSink
    /// `sink` as the writing path writes to it.
    @usableFromInline let target: SinkTarget
    @usableFromInline let encoder = TraceLineEncoder<Value, Failure>()
    @usableFromInline @exclusivity(unchecked) var line = JSONOutput()
    @usableFromInline @exclusivity(unchecked) var lastTime: Int64 = 0
    @usableFromInline @exclusivity(unchecked) var ended = false
    /// The group of the sink, if it has one (``StreamGroup/sink(named:)``): events then take the group's numbers.
    @usableFromInline let order: GroupOrder?

    /// Writes the header; times count from now on `clock` (`ContinuousClock` by default).
    @inlinable
    public init<C: Clock>(
        name: String? = nil, clock: C = ContinuousClock(), sink: any TraceSink, meta: JSONObject? = nil
    ) where C.Duration == Duration {
        time = TimeSource(clock)
        self.sink = sink
        target = SinkTarget(sink)
        let membership = GroupMembership.of(sink)
        order = membership?.group.order
        let header = time.header(stream: name, meta: meta)
        encoder.write(membership?.header(header) ?? header, to: sink, line: &line)
    }

    /// Writes one event, stamped now. Events after the terminal event cannot be part of a trace: they are dropped
    /// instead, and not written.
    @inlinable
    public func write(_ event: StreamEvent<Value, Failure>) {
        lock.lock()
        defer { lock.unlock() }
        guard !ended else { return }
        if let order { return writeInGroup(event, order) }
        let t = max(time.elapsed(), lastTime)
        lastTime = t
        ended = event.isTerminal
        target.write(RecordedEvent(nanoseconds: t, event: event), encoder: encoder, line: &line)
    }

    /// ``write(_:)`` for a member of a group: the group's next number, taken with the clock's reading. Out of line,
    /// so that the ungrouped path stays as small as it was, but inlinable, so that it is specialized for the writer's
    /// types as that path is: unspecialized, its generic encoding wrote a sixth as many events a second.
    @inlinable @inline(never)
    func writeInGroup(_ event: StreamEvent<Value, Failure>, _ order: GroupOrder) {
        order.lock.lock()
        defer { order.lock.unlock() }
        let t = max(time.elapsed(), lastTime)
        lastTime = t
        ended = event.isTerminal
        target.write(RecordedEvent(nanoseconds: t, sequence: order.next, event: event), encoder: encoder, line: &line)
        order.next += 1
    }
}

/// Hands a sink to the first subscription only: a trace records one subscription; later ones pass through untraced.
final class SinkClaim: @unchecked Sendable {
    private let lock = Lock()
    private var sink: (any TraceSink)?

    private init(_ sink: any TraceSink) {
        self.sink = sink
    }

    /// What a traced sequence or publisher keeps to start its trace: for the first subscription only, a factory of a
    /// writer to `sink`, called when that subscription starts so that the header's times are its own.
    static func writers<Value, Failure: Error, C: Clock>(
        to sink: any TraceSink, name: String?, clock: C
    ) -> @Sendable () -> (@Sendable () -> TraceWriter<Value, Failure>)? where C.Duration == Duration {
        let claim = SinkClaim(sink)
        return {
            guard let sink = claim.lock.withLock({ claim.sink.take() }) else { return nil }
            return { TraceWriter(name: name, clock: clock, sink: sink) }
        }
    }
}
