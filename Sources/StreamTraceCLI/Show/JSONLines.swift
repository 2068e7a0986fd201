import StreamTrace

/// `show --format json`'s lines, fed a trace's events in order (``OrderedScan``): a block's lines are written by its
/// worker in the parallel stage (``JSONLineStage``), a value in normal form copied as it is, and go out here in order.
/// A huge value is written here instead, in pieces as it is rewritten, as is every event of a sequential read.
struct JSONLines: OutputSink {
    var failure: OutputError?
    private var line = JSONOutput()
    private var rewriter = JSONRewriter()
    private let encoder = TraceLineEncoder<JSONValue, TraceFailure>()
    /// The stage of the block whose turn it is, and its first event's index.
    private var block: JSONLineStage?
    private var blockStart = 0

    func makeStage() -> JSONLineStage? { JSONLineStage() }

    mutating func begin(_ stage: JSONLineStage, eventOffset: Int, lineOffset: Int) {
        block = stage
        blockStart = eventOffset
    }

    mutating func take(_ event: TraceScanEvent) {
        guard failure == nil else { return }
        if let block {
            let offset = event.index - blockStart
            if offset == 0 { write(block.lines.bytes) }
            if offset < block.written { return }
        }
        line.removeAll()
        var failure: OutputError?
        JSONLineStage.append(event, encoder: encoder, rewriter: &rewriter, into: &line) { piece in
            if failure == nil {
                do throws(OutputError) { try Console.write(bytes: piece.bytes) } catch { failure = error }
            }
            piece.removeAll()
        }
        self.failure = failure
        write(line.bytes)
    }
}

/// One slot's part of ``JSONLines`` (one a block ``OrderedScan`` holds): the lines of a block's events, each
/// ended by a line end, up to its first huge value (``written`` events).
final class JSONLineStage: TraceBlockStage, @unchecked Sendable {
    /// Values longer than this are written by the turn, in pieces.
    static let hugeValue = 1 << 20
    /// Values up to this long are copied with their line's other parts at once.
    static let shortValue = 512

    // Used by one thread at a time: the worker that scans the block, then the one that delivers it.
    @exclusivity(unchecked) private(set) var lines = JSONOutput(capacity: 1 << 20)
    @exclusivity(unchecked) private(set) var written = 0
    @exclusivity(unchecked) private var rewriter = JSONRewriter()
    private let encoder = TraceLineEncoder<JSONValue, TraceFailure>()

    func prepare(_ events: TraceBlockEvents) {
        lines.removeAll()
        written = 0
        var stopped = false
        events.forEachEvent { event in
            guard !stopped else { return }
            guard (event.valueRange?.count ?? 0) <= Self.hugeValue || event.kind != .value else {
                stopped = true
                return
            }
            Self.append(event, encoder: encoder, rewriter: &rewriter, into: &lines) { _ in }
            written += 1
        }
    }

    /// Appends an event's normal-form line and line end; `drain` takes a long value's pieces (it may empty `out`).
    static func append(
        _ event: TraceScanEvent, encoder: TraceLineEncoder<JSONValue, TraceFailure>, rewriter: inout JSONRewriter,
        into out: inout JSONOutput, drain: (inout JSONOutput) -> Void
    ) {
        if event.kind == .value, let value = event.valueBytes {
            // A short value in normal form: the whole line copied in one piece.
            let short = value.count <= shortValue
            if short, rewriter.isNormal(value) {
                out.append("{\"t\":", int: event.nanoseconds, ",\"event\":\"value\",\"value\":", raw: value, "}\n")
                return
            }
            out.append("{\"t\":", int: event.nanoseconds, ",\"event\":\"value\",\"value\":")
            rewriter.writeNormal(value, into: &out, scanned: short, drain: drain)
            out.append("}\n")
        } else {
            encoder.encode(TraceReader.event(event.head(lineOffset: 0), value: nil), into: &out)
            out.append("\n")
        }
    }
}
