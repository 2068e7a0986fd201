/// What a scan keeps of a trace for ``TraceComparison/identical(_:size:expectedFile:actualFile:time:)``:
/// its last drawn events, chunk by chunk. The events drawn since the
/// scanner's buffer last changed are kept where the buffer holds them (the
/// last ``RecentTimeline/defaultLimit`` of them), and copied into
/// ``recent`` only when it changes: a few copies a read, not one an event.
struct RecentEventsScan: TraceScanConsumer {
    private struct Pending {
        var nanoseconds: Int64
        var kind: EventKind
        var value: UnsafeRawBufferPointer
    }

    var recent = RecentEvents()
    private var pending: [Pending] = []
    /// Where the newest pending event is, once the ring is full.
    private var newest = -1
    /// How many drawn events the ring let go of, and the time of the last.
    private var passedOver = 0
    private var lastPassed: Int64 = 0

    mutating func consume(_ event: TraceScanEvent) {
        guard event.kind == .value || event.kind.isTerminalKind else { return }
        let entry = Pending(
            nanoseconds: event.nanoseconds, kind: event.kind,
            value: event.valueBytes ?? UnsafeRawBufferPointer(start: nil, count: 0))
        let limit = RecentTimeline.defaultLimit
        newest = (newest + 1) % limit
        if pending.count < limit {
            pending.append(entry)
        } else {
            lastPassed = pending[newest].nanoseconds
            passedOver += 1
            pending[newest] = entry
        }
    }

    mutating func append(_ later: RecentEventsScan, eventOffset: Int, lineOffset: Int) {
        recent.append(contentsOf: later.recent)
    }

    mutating func bufferWillChange() {
        if passedOver > 0 { recent.passOver(passedOver, lastAt: lastPassed) }
        let limit = RecentTimeline.defaultLimit
        let oldest = pending.count < limit ? 0 : (newest + 1) % limit
        for k in 0..<pending.count {
            let entry = pending[(oldest + k) % limit]
            recent.append(nanoseconds: entry.nanoseconds, kind: entry.kind, value: entry.value)
        }
        pending.removeAll(keepingCapacity: true)
        newest = -1
        passedOver = 0
    }
}
