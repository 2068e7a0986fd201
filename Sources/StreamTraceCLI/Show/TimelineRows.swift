import StreamTrace

/// `show`'s rows and diagram, fed a trace's events in order (``OrderedScan``): a block's rows but its first (whose time
/// since the previous event needs the block before) are written by its worker (``RowStage``) and go out here in order.
/// Values are lettered by the hash the stage worked out while letters are given, then by one worked out here for the
/// few drawn where they land. Read sequentially (a small trace), rows are written here.
struct TimelineRows: OutputSink {
    let timeline: TraceTimeline
    var marble: MarbleLines<MarbleValueKey>
    var failure: OutputError?
    private var previous: Int64 = 0
    private var rewriter = JSONRewriter()
    private var row = JSONOutput()
    /// The stage of the block whose turn it is, and its first event's index.
    private var block: RowStage?
    private var blockStart = 0
    /// Whether every letter is given (and the stages told).
    private var lettered = false
    /// Set once every letter is given: the workers then leave keys to the turn.
    private let lettersGiven = LatchedFlag()

    init(timeline: TraceTimeline) {
        self.timeline = timeline
        marble = timeline.makeMarble()
    }

    func makeStage() -> RowStage? { RowStage(timeline: timeline, lettersGiven: lettersGiven) }

    mutating func begin(_ stage: RowStage, eventOffset: Int, lineOffset: Int) {
        block = stage
        blockStart = eventOffset
    }

    mutating func take(_ event: TraceScanEvent) {
        guard failure == nil else { return }
        let value = event.kind == .value ? event.valueBytes : nil
        var key: MarbleValueKey?
        if let block, event.index - blockStart < block.written {
            let offset = event.index - blockStart
            if offset == 0 {
                row.removeAll()
                RowStage.appendRow(timeline, event, previousTime: previous, rewriter: &rewriter, into: &row)
                write(row.bytes)
                write(block.rows.bytes)
            }
            key = block.keys.isEmpty ? nil : block.keys[offset]
        } else {
            row.removeAll()
            RowStage.appendRow(timeline, event, previousTime: previous, rewriter: &rewriter, into: &row)
            write(row.bytes)
            // The row scanned the value for its normal form.
            if let value, marble.needsKey(at: event.nanoseconds) {
                key = RowStage.key(of: value, scanned: true, rewriter: &rewriter)
            }
        }
        if let value {
            draw(value, key: key, at: event.nanoseconds)
        } else if let symbol = MarbleTheme.symbol(event.kind) {
            marble.append(symbol, at: event.nanoseconds)
        }
        previous = event.nanoseconds
    }

    /// Draws a value, its key worked out here if the stage left it and the diagram needs it.
    private mutating func draw(_ value: UnsafeRawBufferPointer, key: MarbleValueKey?, at time: Int64) {
        guard let key = key ?? (marble.needsKey(at: time) ? RowStage.key(of: value, rewriter: &rewriter) : nil) else {
            marble.append(MarbleTheme.unnamed, at: time)
            return
        }
        let width = timeline.diagramWidth
        marble.appendValue(
            key, label: ValueText.truncated(lead: "", json: value, to: width, rewriter: &rewriter), at: time)
        if !lettered, marble.lettering.isFull {
            lettered = true
            lettersGiven.set()
        }
    }
}

/// One slot's part of ``TimelineRows`` (a block ``OrderedScan`` holds): the block's rows but its first, each with its
/// line end, and while letters are given each value's diagram key (`nil` for other events), up to a huge value.
final class RowStage: TraceBlockStage, @unchecked Sendable {
    let timeline: TraceTimeline
    // Used by one thread at a time: the worker that scans the block, then the one that delivers it.
    @exclusivity(unchecked) private(set) var rows = JSONOutput(capacity: 1 << 20)
    @exclusivity(unchecked) private(set) var keys: [MarbleValueKey?] = []
    /// The block's events the stage took: those before its first huge value (the scratch space would grow as large).
    @exclusivity(unchecked) private(set) var written = 0
    @exclusivity(unchecked) private var rewriter = JSONRewriter()

    private let lettersGiven: LatchedFlag

    init(timeline: TraceTimeline, lettersGiven: LatchedFlag) {
        self.timeline = timeline
        self.lettersGiven = lettersGiven
    }

    func prepare(_ events: TraceBlockEvents) {
        rows.removeAll()
        keys.removeAll(keepingCapacity: true)
        written = 0
        var (previous, stopped): (Int64?, Bool) = (nil, false)
        // Keys only while letters are given; then the turn works out the few it draws.
        let wantsKeys = !lettersGiven.isSet
        events.forEachEvent { event in
            let value = event.kind == .value ? event.valueBytes : nil
            // A huge value's row, and the rest of the block's, are written at its turn.
            stopped = stopped || (value?.count ?? 0) > JSONLineStage.hugeValue
            guard !stopped else { return }
            if let previous {
                Self.appendRow(timeline, event, previousTime: previous, rewriter: &rewriter, into: &rows)
            }
            // A row scanned its value for its normal form.
            let scanned = previous != nil
            if wantsKeys { keys.append(value.map { Self.key(of: $0, scanned: scanned, rewriter: &rewriter) }) }
            written += 1
            previous = event.nanoseconds
        }
    }

    /// The diagram's key of a value: the hash of its normal form (`scanned`: the rewriter's last call scanned it).
    static func key(
        of value: UnsafeRawBufferPointer, scanned: Bool = false, rewriter: inout JSONRewriter
    ) -> MarbleValueKey {
        let (hash, length) = rewriter.hashNormal(value, scanned: scanned)
        return .init(hash: hash, length: length)
    }

    /// Appends an event's row and its line end, as `Console.out` writes it.
    static func appendRow(
        _ timeline: TraceTimeline, _ event: TraceScanEvent, previousTime: Int64, rewriter: inout JSONRewriter,
        into out: inout JSONOutput
    ) {
        let value = event.kind == .value ? event.valueBytes : nil
        if let text = timeline.appendRow(
            event.head(lineOffset: 0), value: value, previousTime: previousTime, rewriter: &rewriter, into: &out)
        {
            Console.append(line: text, to: &out)
        } else {
            out.append("\n")
        }
    }
}
