/// What a scan keeps of a trace for ``TraceComparison/identical(_:expectedFile:actualFile:time:)``:
/// its last drawn events, chunk by chunk.
struct RecentEventsScan: TraceScanConsumer {
    var recent = RecentEvents()

    mutating func consume(_ event: TraceScanEvent) {
        recent.append(
            nanoseconds: event.nanoseconds, kind: event.kind,
            value: event.valueBytes ?? UnsafeRawBufferPointer(start: nil, count: 0))
    }

    mutating func append(_ later: RecentEventsScan, eventOffset: Int, lineOffset: Int) {
        recent.append(contentsOf: later.recent)
    }

    mutating func bufferWillChange() {}
}
