/// The next events of a trace (at most a window's worth), read ahead for ``TraceComparison`` in memory bounded by the
/// window times a few kilobytes plus the line the reader holds: a value is kept as its raw text in ``CompactBytes`` (a
/// long one as a digest) and, once a comparison needs it, its canonical form (``CanonicalJSON``). Only values whose
/// texts differ are put in canonical form: a long value's from the reader's buffer before the reader moves on, a short
/// one's from its kept text when asked.
struct TraceLookahead {
    /// The bytes of a value's text kept to show it: enough for ``valueColumns``, and one more to tell it was cut.
    static let shownLength = ValueText.prefixLength(columns: valueColumns) + 1

    /// A value's first characters, from its first bytes, escaped for a terminal and cut to ``valueColumns``.
    static func shownValue(_ shown: some BidirectionalCollection<UInt8>) -> String {
        TextLayout.truncated(TerminalText.escaped(ValueText.prefix(shown, columns: valueColumns)), to: valueColumns)
    }

    /// What, besides its kind and value, makes two events the same.
    enum Payload: Hashable {
        case none
        case demand(Demand)
        case failure(TraceFailure)
    }

    /// How many characters of a value the report shows.
    static let valueColumns = 200

    let reader: TraceReader
    private var events: [Event] = []
    private var head = 0
    /// How many events were read from the trace so far.
    private(set) var count = 0
    private(set) var isAtEnd = false
    /// The last event read, a value too long to keep, while its canonical form is still to be worked out from the
    /// reader's buffer.
    private var unsettled: Int?
    private var rewriter = JSONRewriter()
    private var hasher = CanonicalHash()
    private var stores: KeptStores
    /// The events a ``ReadAhead`` read, when the trace is read ahead.
    private var ahead: ReadAheadCursor?

    init(reader: TraceReader, counted: Int = 0) {
        self.reader = reader
        count = counted
        stores = KeptStores(first: counted + 1)
    }

    /// Takes the events after those read so far from `readAhead`, which reads them on its own thread; the last one read
    /// is settled first, while the reader still holds its value.
    mutating func read(from readAhead: ReadAhead) {
        settle()
        ahead = ReadAheadCursor(readAhead: readAhead)
    }

    /// Whether another thread reads ahead: events then come settled (``nextSettled(into:)``), not by ``readHead()``.
    var readsAhead: Bool { ahead != nil }

    var buffered: Int { events.count - head }
    var isEmpty: Bool { buffered == 0 }
    subscript(offset: Int) -> Event { events[head + offset] }

    /// Reads until `size` events are buffered or the trace ends.
    mutating func fill(_ size: Int) throws(TraceReadError) {
        // Events taken off the front are let go of a few windows at a time.
        if head > 4 * TraceComparison.window {
            events.removeFirst(head)
            unsettled = unsettled.flatMap { $0 >= head ? $0 - head : nil }
            head = 0
        }
        // Events taken off the front are done with: so are the stores of their texts.
        stores.release(before: head < events.count ? events[head].index : count + 1)
        while !isAtEnd, buffered < size {
            guard let event = try read() else {
                isAtEnd = true
                break
            }
            events.append(consume event)
        }
    }

    mutating func popFirst() -> Event? {
        guard head < events.count else { return nil }
        // Moved out, not copied: a taken event is needed no more here.
        var event = Self.vacant
        swap(&event, &events[head])
        head += 1
        return event
    }

    /// What a taken event's place holds: nothing to retain or release.
    static var vacant: Event { Event(kind: .subscribe, nanoseconds: 0, line: 0, index: 0) }

    /// Whether event `i` of `left` and event `j` of `right` have the same kind and payload (a value by JSON equality:
    /// the same text, or else the same canonical form).
    static func samePayload(_ left: inout TraceLookahead, _ i: Int, _ right: inout TraceLookahead, _ j: Int) -> Bool {
        // Field by field, where the events stand: no event is copied (this runs for every pair an alignment tries).
        let (x, y) = (left.head + i, right.head + j)
        guard left.events[x].kind == right.events[y].kind else { return false }
        // Only a request or an error has a payload (a value's is none).
        guard left.events[x].kind == .value else { return left.events[x].payload == right.events[y].payload }
        // Hashes already worked out (read ahead) decide most pairs of different values.
        if left.events[x].isHashed, right.events[y].isHashed, left.events[x].valueHash != right.events[y].valueHash {
            return false
        }
        let same = left.events.withUnsafeBufferPointer { l in
            right.events.withUnsafeBufferPointer { r in Event.sameText(l[x], r[y]) }
        }
        if same { return true }
        // Different hashes: different values, without their canonical forms.
        if let a = left.valueHash(at: i), let b = right.valueHash(at: j), a != b { return false }
        return left.canonical(at: i) == right.canonical(at: j)
    }

    /// A hash of what ``samePayload(_:_:_:_:)`` compares of event `offset`: kind, payload and a value's
    /// ``CanonicalHash`` (the same events hash alike); `nil` for a long value, which may be the same as any value.
    mutating func payloadHash(at offset: Int) -> Int? {
        if events[head + offset].kind == .value { return valueHash(at: offset).map { Int(truncatingIfNeeded: $0) } }
        var hasher = Hasher()
        hasher.combine(events[head + offset].kind)
        hasher.combine(events[head + offset].payload)
        return hasher.finalize()
    }

    /// The ``CanonicalHash`` of event `offset`'s value; `nil` for a long value, whose canonical form stands for it.
    private mutating func valueHash(at offset: Int) -> UInt64? {
        let i = head + offset
        if events[i].isHashed { return events[i].valueHash }
        guard events[i].form == .whole else { return nil }
        let hash = events[i].withBytes { hasher.hash($0) }
        (events[i].valueHash, events[i].isHashed) = (hash, true)
        return hash
    }
    private mutating func canonical(at offset: Int) -> CanonicalJSON {
        let i = head + offset
        if unsettled == i { settle() }
        if events[i].canonical == nil {
            let whole = events[i].form == .whole
            let canonical = events[i].withBytes { rewriter.canonical(whole ? $0 : .init(rebasing: $0[..<0])) }
            events[i].keep(canonical: canonical, holdingIn: &stores)
        }
        return events[i].canonical ?? CanonicalJSON(.null)
    }

    /// Works out the canonical form of the last event read, a value too long to keep, from the reader's buffer before
    /// the reader moves on.
    private mutating func settle() {
        guard let i = unsettled else { return }
        unsettled = nil
        // Taken off the front already: compared, and needed no more.
        guard i >= head, let bytes = reader.currentValueBytes else { return }
        events[i].keep(canonical: rewriter.canonical(bytes), holdingIn: &stores)
    }

    private mutating func read() throws(TraceReadError) -> Event? {
        if ahead != nil {
            guard let event = try ahead?.next(keeping: &stores) else { return nil }
            count += 1
            return event
        }
        guard let head = try readHead() else { return nil }
        return event(head)
    }

    /// Appends the next event to `events`, its value settled before the reader moves on (its ``CanonicalHash``, or a
    /// long value's canonical form): what ``ReadAhead``'s thread reads with. `false` at the end.
    mutating func nextSettled(into events: inout [Event]) throws(TraceReadError) -> Bool {
        guard let head = try readHead() else { return false }
        var event = event(head)
        unsettled = nil
        if event.form == .whole {
            (event.valueHash, event.isHashed) = (event.withBytes { hasher.hash($0) }, true)
        } else if event.kind == .value, let bytes = reader.currentValueBytes {
            event.keep(canonical: rewriter.canonical(bytes), holdingIn: &stores)
        }
        events.append(consume event)
        return true
    }

    /// Reads the next event's head, not kept yet: the caller keeps it (``keep(_:)``) or takes it as it stands, its
    /// value in the reader's buffer until the next read; `nil` at the end.
    mutating func readHead() throws(TraceReadError) -> TraceEventHead? {
        settle()
        guard !isAtEnd else { return nil }
        guard let head = try reader.nextHead() else {
            isAtEnd = true
            return nil
        }
        count += 1
        return head
    }

    /// Keeps the event ``readHead()`` just read, after those waiting.
    mutating func keep(_ head: TraceEventHead) {
        events.append(event(head))
    }

    /// The event ``readHead()`` just read, its value from the reader.
    private mutating func event(_ head: TraceEventHead) -> Event {
        var event = Event(kind: head.kind, nanoseconds: head.nanoseconds, line: head.line, index: count)
        switch head.kind {
        case .value:
            if let bytes = reader.currentValueBytes {
                if bytes.count <= CompactBytes.keptBytes {
                    event.form = .whole
                    keep(bytes, in: &event)
                } else {
                    event.form = .long
                    keep(UnsafeRawBufferPointer(rebasing: bytes[..<min(bytes.count, Self.shownLength)]), in: &event)
                    event.rare = stores.hold(Rare(digest: CompactBytes(bytes)))
                    unsettled = events.count
                }
            }
        case .request: event.rare = stores.hold(Rare(payload: .demand(head.demand ?? .unlimited)))
        case .failure:
            event.rare = stores.hold(Rare(payload: .failure(head.failure ?? TraceFailure(type: "", message: ""))))
        default: break
        }
        return event
    }

    /// Keeps `bytes` (at most ``CompactBytes/keptBytes``) as `event`'s text, in the store being filled or a new one.
    private mutating func keep(_ bytes: UnsafeRawBufferPointer, in event: inout Event) {
        event.start = stores.keep(bytes, index: event.index)
        event.count = Int32(bytes.count)
    }

    /// Hands the stores of the events read so far over (with a batch, to another thread), keeping the next ones' texts
    /// in a new store: stores handed over are never written again.
    mutating func handOverStores() -> [KeptStores.Kept] {
        stores.handOver(first: count + 1)
    }

    /// Whether the heads `left` and `right` just read are the same event: kind, demand, error and value text alike (the
    /// bytes compared where the readers hold them), times as `time` allows.
    static func sameAsRead(
        _ left: TraceLookahead, _ l: TraceEventHead, _ right: TraceLookahead, _ r: TraceEventHead,
        time: TimeComparison
    ) -> Bool {
        guard l.kind == r.kind, l.demand == r.demand, l.failure == r.failure, time.agree(l.nanoseconds, r.nanoseconds)
        else { return false }
        guard l.kind == .value else { return true }
        guard let x = left.reader.currentValueBytes, let y = right.reader.currentValueBytes else { return false }
        return Event.sameBytes(x, y)
    }
}
