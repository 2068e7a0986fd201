/// A block's events, kept until the block's turn: 32 bytes each, their text as offsets in the block's buffer (which
/// does not move: the block is read at once). One per ``OrderedScan`` slot, grown as a block needs and reused.
final class EventBatch: TraceScanConsumer {
    private struct Record {
        var nanoseconds: Int64
        /// Text start and length; the value's in the text (`valueStart` `UInt32.max`: none); the line in the block.
        var textStart, textCount, valueStart, valueCount, line: UInt32
        var kind: EventKind
    }

    // One slot's, used by one thread at a time.
    @exclusivity(unchecked) private var records: UnsafeMutablePointer<Record>
    @exclusivity(unchecked) private var capacity = 1 << 12
    @exclusivity(unchecked) private var count = 0
    @exclusivity(unchecked) private var base: UnsafeRawPointer?
    @exclusivity(unchecked) private var maximumDepth = 0

    init() {
        records = .allocate(capacity: capacity)
    }

    deinit { records.deallocate() }

    func start(base: UnsafeRawPointer, maximumDepth: Int) {
        count = 0
        self.base = base
        self.maximumDepth = maximumDepth
    }

    @inline(__always)
    func consume(_ event: TraceScanEvent) {
        if count == capacity { grow() }
        let range = event.valueRange
        // Offsets in one block: a read plus one line, far below 4 GiB.
        records[count] = Record(
            nanoseconds: event.nanoseconds,
            textStart: UInt32(truncatingIfNeeded: base.unsafelyUnwrapped.distance(to: event.text.baseAddress!)),
            textCount: UInt32(truncatingIfNeeded: event.text.count),
            valueStart: range.map { UInt32(truncatingIfNeeded: $0.lowerBound) } ?? .max,
            valueCount: UInt32(truncatingIfNeeded: range?.count ?? 0), line: UInt32(truncatingIfNeeded: event.line),
            kind: event.kind)
        count += 1
    }

    private func grow() {
        let grown = UnsafeMutablePointer<Record>.allocate(capacity: capacity * 2)
        grown.moveInitialize(from: records, count: count)
        records.deallocate()
        records = grown
        capacity *= 2
    }

    func append(_ later: EventBatch, eventOffset: Int, lineOffset: Int) {
        preconditionFailure("a block's batch is delivered, not appended")
    }

    /// Each event again, its index and line made absolute.
    func forEach(eventOffset: Int, lineOffset: Int, _ body: (TraceScanEvent) -> Void) {
        guard base != nil else { return }
        for index in 0..<count { body(event(at: index, eventOffset: eventOffset, lineOffset: lineOffset)) }
    }

    /// The value bytes of event `index` (below ``eventCount``), if it is a value event.
    @inline(__always)
    func value(at index: Int) -> UnsafeRawBufferPointer? {
        let record = records[index]
        guard record.kind == .value, record.valueStart != .max else { return nil }
        return UnsafeRawBufferPointer(
            start: base.unsafelyUnwrapped + Int(record.textStart) + Int(record.valueStart),
            count: Int(record.valueCount))
    }

    @inline(__always)
    func isValue(at index: Int) -> Bool { records[index].kind == .value }

    /// The position of the first of the first `limit` events that is a value numbered `firstIndex` or more (the
    /// values before the batch numbered up to `elementsBefore`) and that `decides`; `limit` if none.
    func firstValue(
        upTo limit: Int, elementsBefore: Int, firstIndex: Int, where decides: (UnsafeRawBufferPointer) -> Bool
    ) -> Int {
        var index = elementsBefore
        for position in 0..<limit where isValue(at: position) {
            if let bytes = value(at: position), index >= firstIndex, decides(bytes) { return position }
            index += 1
        }
        return limit
    }

    /// The text of the first `limit` events (one or more), from the first one's start to the last one's end: their
    /// lines, one after the other in the block's buffer, and what lies between them.
    func text(upTo limit: Int) -> UnsafeRawBufferPointer {
        let (first, last) = (records[0], records[limit - 1])
        let start = base.unsafelyUnwrapped + Int(first.textStart)
        return UnsafeRawBufferPointer(
            start: start, count: Int(last.textStart) + Int(last.textCount) - Int(first.textStart))
    }

    var eventCount: Int { count }

    /// How long the run of values is that starts the first `limit` events and ends before the last `values` values
    /// among them: what a window ending with the trace need only count. A block starting with another event: none.
    func countedValues(upTo limit: Int, keeping values: Int) -> Int {
        var start = limit
        var valuesLeft = values
        while start > 0, valuesLeft > 0 {
            start -= 1
            if isValue(at: start) { valuesLeft -= 1 }
        }
        var counted = 0
        while counted < start, isValue(at: counted) { counted += 1 }
        return counted
    }

    /// Event `index` (below ``eventCount``) again, its index and line made absolute.
    @inline(__always)
    func event(at index: Int, eventOffset: Int, lineOffset: Int) -> TraceScanEvent {
        let record = records[index]
        let value = Int(record.valueStart)
        return TraceScanEvent(
            nanoseconds: record.nanoseconds, kind: record.kind, line: Int(record.line) + lineOffset,
            index: index + eventOffset,
            text: UnsafeRawBufferPointer(
                start: base.unsafelyUnwrapped + Int(record.textStart), count: Int(record.textCount)),
            valueRange: record.valueStart == .max ? nil : value..<(value + Int(record.valueCount)),
            maximumDepth: maximumDepth)
    }
}
