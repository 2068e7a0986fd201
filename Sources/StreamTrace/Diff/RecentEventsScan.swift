/// What a scan keeps of a trace for ``TraceComparison/identical(_:size:expectedFile:actualFile:time:)``: its last drawn
/// events, chunk by chunk. The last few drawn since the scanner's buffer last changed are kept where the buffer holds
/// them, and copied into ``recent`` only when it changes: a few copies a read, not one an event.
struct RecentEventsScan: TraceScanConsumer {
    var recent = RecentEvents()
    private var pending = RecentRing<(nanoseconds: Int64, kind: EventKind, value: UnsafeRawBufferPointer)>(
        capacity: RecentTimeline.defaultLimit)
    /// The time of the last pending event the ring let go of.
    private var lastPassed: Int64 = 0

    mutating func consume(_ event: TraceScanEvent) {
        guard event.kind == .value || event.kind.isTerminal else { return }
        let value = event.valueBytes ?? UnsafeRawBufferPointer(start: nil, count: 0)
        if let pushedOut = pending.append((event.nanoseconds, event.kind, value)) { lastPassed = pushedOut.nanoseconds }
    }

    mutating func append(_ later: RecentEventsScan, eventOffset: Int, lineOffset: Int) {
        recent.append(contentsOf: later.recent)
    }

    mutating func bufferWillChange() {
        if pending.passedOver > 0 { recent.passOver(pending.passedOver, lastAt: lastPassed) }
        for entry in pending.elements {
            recent.append(nanoseconds: entry.nanoseconds, kind: entry.kind, value: entry.value)
        }
        pending.removeAll()
    }
}
