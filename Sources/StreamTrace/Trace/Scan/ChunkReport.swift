/// What scanning a run of lines found besides its events: enough for ``ChunkMerger`` to check the rules that span
/// chunks and to number lines and events absolutely. Lines and event counts count from the scan's start.
struct ChunkReport {
    /// Lines consumed, blank ones and an unterminated last one included.
    var lineCount = 0
    var order = EventOrder()
    /// The first non-blank line: after an earlier chunk's terminal event it is an error, whatever it holds.
    var firstContentLine: Int?
    /// The first event, checked by the merge against earlier chunks (time never decreasing, subscribe only first).
    var firstEvent: (nanoseconds: Int64, kind: EventKind, line: Int, timeColumn: Int)?
    /// The unterminated last line that is not JSON: ignored with a warning.
    var truncatedLine: Int?
    /// The first problem; the scan stopped there.
    var problem: ScanProblem?
    /// Whether the scan stopped early for an earlier chunk's problem (the merge never gets this far).
    var stopped = false

    var eventCount: Int { order.eventCount }

    /// How the lines scanned end, if they are the whole trace's.
    var status: TraceStatus { TraceStatus(terminal: order.terminal?.kind, truncated: truncatedLine != nil) }
}

/// A problem found in a run of lines, made a ``TraceReadError`` once its place in the file is known. Every message
/// about a trace's lines is worded here or by ``TraceLineParser``.
enum ScanProblem {
    /// A complete error but for its line, which is chunk-relative.
    case error(TraceReadError)
    case afterTerminal(line: Int, terminal: EventKind, terminalLine: Int)
    case timeDecreased(line: Int, column: Int, from: Int64, to: Int64)
    case subscribeNotFirst(line: Int, eventsBefore: Int)

    /// The error, with lines moved by `lineOffset` and event counts by `eventOffset`.
    func error(file: String, lineOffset: Int, eventOffset: Int) -> TraceReadError {
        func broken(_ line: Int, column: Int = 1, _ message: String) -> TraceReadError {
            TraceReadError(kind: .invalidEvent, file: file, line: line + lineOffset, column: column, message: message)
        }
        switch self {
        case .error(var error):
            if error.line > 0 { error.line += lineOffset }
            error.file = file
            return error
        case .afterTerminal(let line, let terminal, let terminalLine):
            let terminalLine = terminalLine + lineOffset
            return broken(
                line, "event after the terminal event (\(terminal) on line \(terminalLine)); nothing may follow it")
        case .timeDecreased(let line, let column, let from, let to):
            return broken(line, column: column, "\"t\" decreased from \(from) to \(to); times must never decrease")
        case .subscribeNotFirst(let line, let eventsBefore):
            let count = eventsBefore + eventOffset
            return broken(
                line, "subscribe must be the first event, found it after \(count) event\(count == 1 ? "" : "s")")
        }
    }
}
