/// Streams recorded together: one clock, and one order for all of their events, so that a test can ask what
/// happened across them ("the results for `sw` came after those for `swi`") and not only in each.
///
/// Every event of a stream recorded in the group takes the next number of the group's sequence, taken together with
/// the clock's reading, so the sequence never contradicts the times, and events at the same instant are ordered too.
/// A trace written by a member carries the number (`"seq"`) and the group's name in its header, which is how
/// `streamtrace check --group` and `show` order a folder's streams. The group's own ``events`` recording holds every
/// value and every end of its streams, in that order, for the expectations of any recorder:
///
/// ```swift
/// let clock = TestClock()
/// let group = StreamGroup(name: "search", clock: clock)
/// let query = group.recorder(named: "query", of: String.self)
/// let results = group.recorder(named: "results", of: [String].self)
/// query.receive("sw")
/// results.receive(["Swift"])
/// let first = try group.events.next().get()  // .value("sw", in: "query")
/// ```
///
/// A stream recorded with `record(name:clock:sink:)` or traced with `trace(to:name:clock:)` joins the group through a
/// sink of the group's: ``sink(named:)``, or ``TraceDirectory/sink(named:)`` for a folder, whose group this is. The
/// group's recording finishes when every recorder of the group has ended; make a group's recorders before any of its
/// streams ends.
public final class StreamGroup: @unchecked Sendable {
    /// The group's name: the `"group"` of its members' trace headers.
    package let name: String
    /// Every value and every end (`finished`, `failure`, `cancel`) of the group's recorders, in the group's order,
    /// timed on the group's clock from the group's creation: read it with any expectation (`group.events.next()`,
    /// `expectEvents(group.events, …)`). Subscriptions and requests stay in each stream's own recording.
    public let events: Recorder<GroupEvent, Never>
    /// A time source on the group's clock, for a recorder made by ``recorder(named:of:failure:)``.
    private let makeTime: @Sendable () -> TimeSource
    @usableFromInline let order = GroupOrder()

    /// A group of streams timed by `clock`.
    @inlinable
    public convenience init<C: Clock>(name: String, clock: C) where C.Duration == Duration {
        self.init(name: name, time: { TimeSource(clock) })
    }

    @usableFromInline
    init(name: String, time: @escaping @Sendable () -> TimeSource) {
        self.name = name
        makeTime = time
        let source = time()
        events = Recorder(time: source, header: source.header(stream: name, meta: nil), sink: nil, membership: nil)
    }

    /// A recorder of the stream `name`, timed by the group's clock, whose events take the group's order. With `sink`
    /// it also writes its trace there, with the sequence numbers.
    public func recorder<Input, Failure: Error>(
        named name: String, of input: Input.Type = Input.self, failure: Failure.Type = Never.self,
        sink: (any TraceSink)? = nil
    ) -> Recorder<Input, Failure> {
        let time = makeTime()
        var header = time.header(stream: name, meta: nil)
        header.group = self.name
        return Recorder(time: time, header: header, sink: sink, membership: GroupMembership(group: self, stream: name))
    }

    /// A recorder joined the group: the group's recording waits for its end too.
    func join() {
        order.lock.withLock { order.live += 1 }
    }

    /// A member recorded `event` (a value or its end): it goes into the group's recording, which finishes once every
    /// member has ended. Called with the order's lock held, so the recording is in the group's order.
    @usableFromInline
    func take(_ event: StreamEvent<JSONValue, TraceFailure>, from stream: String) {
        events.storage.record(.value(GroupEvent(stream: stream, event: event)))
        if event.kind.isTerminal { leaveLocked() }
    }

    /// A member that never ended went away: the group no longer waits for it.
    func leave() {
        order.lock.withLock { leaveLocked() }
    }

    private func leaveLocked() {
        order.live -= 1
        if order.live == 0 { events.storage.record(.finished) }
    }

    /// A sink that keeps a trace in memory and makes the recorder or writer given it a member of the group, as the
    /// stream `name`: for `record(name:clock:sink:)` and `trace(to:name:clock:)`, with the group's clock.
    public func sink(named name: String) -> MemoryTraceSink {
        MemoryTraceSink(membership: GroupMembership(group: self, stream: name))
    }
}

/// A recorder's or writer's place in a group: the group, and the stream's name in it.
@usableFromInline
package struct GroupMembership: Sendable {
    @usableFromInline let group: StreamGroup
    @usableFromInline let stream: String

    /// The membership `sink` gives what writes to it, if any.
    @usableFromInline
    static func of(_ sink: (any TraceSink)?) -> GroupMembership? {
        (sink as? any GroupMemberSink)?.membership
    }

    /// A value the trace wrote as `out`, read back: what the group's recording holds of it.
    @usableFromInline
    static func value(writtenAs out: JSONOutput) -> JSONValue {
        let text = String(decoding: out.bytes, as: UTF8.self)
        return (try? JSONValue(parsing: text, maximumDepth: .max)) ?? .string(text)
    }

    /// An error as the trace writes it: what the group's recording holds of it.
    @usableFromInline
    static func failure(_ error: any Error) -> TraceFailure {
        TraceFailure(describing: error)
    }

    /// `header` as a member's trace starts: with the group's name.
    @usableFromInline
    func header(_ header: TraceHeader) -> TraceHeader {
        var header = header
        header.group = group.name
        return header
    }
}

/// A sink that makes what writes to it a member of a group (``StreamGroup/sink(named:)``,
/// ``TraceDirectory/sink(named:)``).
package protocol GroupMemberSink: TraceSink {
    var membership: GroupMembership? { get }
}

/// The group's order, behind one lock: the next sequence number, and how many recorders of the group are still live.
/// A member takes it while it holds its own lock (a member's lock, then the order's, then the group recording's),
/// and reads its clock under it, so that numbers and times agree.
@usableFromInline
final class GroupOrder: @unchecked Sendable {
    @usableFromInline let lock = Lock()
    /// The number the next event takes.
    @usableFromInline var next: Int64 = 0
    /// Recorders of the group that have not ended.
    var live = 0
}
