/// What scanning one chunk found besides its events: enough for
/// ``ChunkMerger`` to check the rules that span chunks and to number lines
/// and events absolutely. Lines and event counts are chunk-relative.
struct ChunkReport {
    /// Lines consumed, blank ones and an unterminated last one included.
    var lineCount = 0
    var eventCount = 0
    /// The first line that is not blank: an event after a terminal event
    /// of an earlier chunk is an error there, whatever the line holds.
    var firstContentLine: Int?
    /// The chunk's first event, which the merge checks against the events
    /// before the chunk (time never decreasing, subscribe only first).
    var firstEvent: (nanoseconds: Int64, kind: EventKind, line: Int, timeColumn: Int)?
    /// The time of the chunk's last event.
    var lastTime: Int64 = 0
    var terminal: (kind: EventKind, line: Int)?
    /// The unterminated last line that is not JSON: ignored with a warning.
    var truncatedLine: Int?
    /// The first problem; the scan of the chunk stopped there.
    var problem: ScanProblem?
    /// Whether the scan stopped early because an earlier chunk has a
    /// problem: the merge never gets this far.
    var stopped = false
}

/// A problem found in a chunk, made into a ``TraceReadError`` once the
/// chunk's place in the file is known. The messages are
/// ``TraceReader``'s, word for word.
enum ScanProblem {
    /// A complete error but for its line, which is chunk-relative.
    case error(TraceReadError)
    case afterTerminal(line: Int, terminal: EventKind, terminalLine: Int)
    case timeDecreased(line: Int, column: Int, from: Int64, to: Int64)
    case subscribeNotFirst(line: Int, eventsBefore: Int)

    /// The error, with lines moved by `lineOffset` and counts of events by
    /// `eventOffset`.
    func error(file: String, lineOffset: Int, eventOffset: Int) -> TraceReadError {
        switch self {
        case .error(var error):
            if error.line > 0 { error.line += lineOffset }
            error.file = file
            return error
        case .afterTerminal(let line, let terminal, let terminalLine):
            return Self.afterTerminal(
                file: file, line: line + lineOffset, terminal: terminal, terminalLine: terminalLine + lineOffset)
        case .timeDecreased(let line, let column, let from, let to):
            return Self.timeDecreased(file: file, line: line + lineOffset, column: column, from: from, to: to)
        case .subscribeNotFirst(let line, let eventsBefore):
            return Self.subscribeNotFirst(file: file, line: line + lineOffset, eventsBefore: eventsBefore + eventOffset)
        }
    }

    static func afterTerminal(file: String, line: Int, terminal: EventKind, terminalLine: Int) -> TraceReadError {
        TraceReadError(
            kind: .invalidEvent, file: file, line: line, column: 1,
            message: "event after the terminal event (\(terminal) on line \(terminalLine)); nothing may follow it")
    }

    static func timeDecreased(file: String, line: Int, column: Int, from: Int64, to: Int64) -> TraceReadError {
        TraceReadError(
            kind: .invalidEvent, file: file, line: line, column: column,
            message: "\"t\" decreased from \(from) to \(to); times must never decrease")
    }

    static func subscribeNotFirst(file: String, line: Int, eventsBefore: Int) -> TraceReadError {
        TraceReadError(
            kind: .invalidEvent, file: file, line: line, column: 1,
            message:
                "subscribe must be the first event, found it after \(eventsBefore) event\(eventsBefore == 1 ? "" : "s")"
        )
    }
}

/// Joins chunk results in file order, checking the rules across chunk
/// borders exactly where ``TraceReader/nextHead()`` checks them line by line:
/// first "after the terminal event" on the chunk's first non-blank line,
/// then that line's own problem (the chunk's), then time and subscribe
/// against the events before the chunk, then the chunk's later problems.
struct ChunkMerger {
    let file: String
    /// Lines before the next chunk (the header's included).
    var lineOffset: Int
    var eventCount = 0
    var lastTime: Int64 = 0
    var terminal: (kind: EventKind, line: Int)?
    var warnings: [TraceReadWarning] = []
    var truncated = false

    init(file: String, lineOffset: Int) {
        self.file = file
        self.lineOffset = lineOffset
    }

    mutating func merge<C: TraceScanConsumer>(_ report: ChunkReport, _ consumer: C, into total: inout C)
        throws(TraceReadError)
    {
        if let terminal, let line = report.firstContentLine {
            throw ScanProblem.afterTerminal(
                file: file, line: line + lineOffset, terminal: terminal.kind, terminalLine: terminal.line)
        }
        if let first = report.firstEvent, eventCount > 0 {
            if first.nanoseconds < lastTime {
                throw ScanProblem.timeDecreased(
                    file: file, line: first.line + lineOffset, column: first.timeColumn, from: lastTime,
                    to: first.nanoseconds)
            }
            if first.kind == .subscribe {
                throw ScanProblem.subscribeNotFirst(file: file, line: first.line + lineOffset, eventsBefore: eventCount)
            }
        }
        if let problem = report.problem {
            throw problem.error(file: file, lineOffset: lineOffset, eventOffset: eventCount)
        }
        precondition(!report.stopped, "a chunk stopped early although no earlier chunk has a problem")
        total.append(consumer, eventOffset: eventCount, lineOffset: lineOffset)
        if report.eventCount > 0 { lastTime = report.lastTime }
        eventCount += report.eventCount
        if let end = report.terminal { terminal = (end.kind, end.line + lineOffset) }
        if let line = report.truncatedLine {
            truncated = true
            warnings.append(
                TraceReadWarning(
                    file: file, line: line + lineOffset, column: 1,
                    message:
                        "the last line is truncated (no newline, not valid JSON); it is ignored and the trace is treated as open"
                ))
        }
        lineOffset += report.lineCount
    }

    var status: TraceStatus {
        switch terminal?.kind {
        case .finished?: .finished
        case .failure?: .failed
        case .cancel?: .cancelled
        default: truncated ? .truncated : .open
        }
    }
}
