/// What a pass keeps for every query, summed up event by event: the whole trace's window (counts, completion, the
/// last few values) and the first few values. Each chunk of a large file sums itself up in its own, joined in order:
/// how a pass reads a trace when no query needs events one by one (`finished`, `count`, `single`, `last`, `next`).
struct PassSummary: TraceScanConsumer {
    var trace: WindowState
    /// The first elements' values, as many as any query reads from the start.
    private(set) var first = ElementValues()
    let firstCount: Int
    /// Where values over ``RecentValues/longest`` go, shared by the chunks.
    let spool: ValueSpool

    /// `newestWhole`: how many of the newest values the window keeps whatever their length (``RecentValues``).
    init(firstCount: Int, newestWhole: Int = 0, spool: ValueSpool) {
        trace = WindowState(newestWhole: newestWhole)
        self.firstCount = firstCount
        self.spool = spool
    }

    /// An empty summary kept as this one is, for another chunk.
    func makeChunk() -> PassSummary {
        PassSummary(firstCount: firstCount, spool: spool)
    }

    mutating func consume(_ event: TraceScanEvent) {
        let index = trace.elementCount
        _ = trace.take(event)
        if index < firstCount, event.kind == .value { keepFirst(event, index: index) }
    }

    /// Keeps one of the first values (apart from ``consume(_:)``, which the scan loop then inlines).
    private mutating func keepFirst(_ event: TraceScanEvent, index: Int) {
        if let bytes = event.valueBytes { first.keep(bytes, at: event.location, index: index, spool: spool) }
    }

    mutating func append(_ later: PassSummary, eventOffset: Int, lineOffset: Int) {
        first.append(later.first, elementOffset: trace.elementCount, limit: firstCount) {
            $0.shifted(events: eventOffset, lines: lineOffset)
        }
        trace.append(later.trace, eventOffset: eventOffset, lineOffset: lineOffset)
    }

    mutating func bufferWillChange() {
        trace.bufferWillChange()
    }
}
