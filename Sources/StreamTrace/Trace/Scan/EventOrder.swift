/// The trace format's rules between an event and those before it (nothing after the terminal event, times never
/// decrease, `subscribe` only first), shared by ``TraceScanner`` for each line and ``ChunkMerger`` for each chunk's
/// first event. Lines and counts are chunk-relative in a chunk's report, absolute in the merger.
struct EventOrder {
    var eventCount = 0
    /// The time of the last event (0 before any).
    var lastTime: Int64 = 0
    var terminal: (kind: EventKind, line: Int)?

    /// The problem with any line after the terminal event, whatever the line holds.
    func afterTerminal(line: Int) -> ScanProblem? {
        terminal.map { .afterTerminal(line: line, terminal: $0.kind, terminalLine: $0.line) }
    }

    /// The problem with an event at `line` coming next, if any.
    func check(nanoseconds: Int64, kind: EventKind, line: Int, timeColumn: Int) -> ScanProblem? {
        guard eventCount > 0 else { return nil }
        if nanoseconds < lastTime {
            return .timeDecreased(line: line, column: timeColumn, from: lastTime, to: nanoseconds)
        }
        if kind == .subscribe { return .subscribeNotFirst(line: line, eventsBefore: eventCount) }
        return nil
    }

    /// Counts an event that passed ``check(nanoseconds:kind:line:timeColumn:)``.
    @inline(__always)
    mutating func record(nanoseconds: Int64, kind: EventKind, line: Int) {
        lastTime = nanoseconds
        eventCount += 1
        if kind.isTerminal { terminal = (kind, line) }
    }

    /// Counts the events of a later part of the trace, whose lines start after `lineOffset` lines.
    mutating func append(_ later: EventOrder, lineOffset: Int) {
        if later.eventCount > 0 { lastTime = later.lastTime }
        eventCount += later.eventCount
        if let end = later.terminal { terminal = (end.kind, end.line + lineOffset) }
    }
}

extension TraceStatus {
    /// How a trace read to its end ends: by its terminal event, else open, or truncated if its last line was cut off.
    init(terminal: EventKind?, truncated: Bool) {
        switch terminal {
        case .finished?: self = .finished
        case .failure?: self = .failed
        case .cancel?: self = .cancelled
        default: self = truncated ? .truncated : .open
        }
    }
}

extension TraceReadWarning {
    /// The warning for a last line cut off mid-write.
    static func truncated(file: String, line: Int) -> TraceReadWarning {
        TraceReadWarning(
            file: file, line: line, column: 1,
            message:
                "the last line is truncated (no newline, not valid JSON); it is ignored and the trace is treated as open"
        )
    }
}
