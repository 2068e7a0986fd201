/// Joins chunk results in file order, checking the rules across chunk borders with ``EventOrder`` exactly where one
/// scanner reading the whole trace would: "after the terminal event" on the chunk's first non-blank line, then that
/// line's own problem, then time and subscribe against earlier chunks, then the chunk's later problems.
struct ChunkMerger {
    let file: String
    /// Lines before the next chunk (the header's included).
    var lineOffset: Int
    /// The events of the chunks merged so far, numbered absolutely.
    var order = EventOrder()
    /// At most one: a truncated last line's.
    var warnings: [TraceReadWarning] = []

    var eventCount: Int { order.eventCount }

    /// Checks `report` against earlier chunks, then calls `add` with the offsets that make its events absolute.
    mutating func merge(_ report: ChunkReport, then add: (_ eventOffset: Int, _ lineOffset: Int) -> Void)
        throws(TraceReadError)
    {
        if let line = report.firstContentLine, let problem = order.afterTerminal(line: line + lineOffset) {
            throw problem.error(file: file, lineOffset: 0, eventOffset: 0)
        }
        if let first = report.firstEvent,
            let problem = order.check(
                nanoseconds: first.nanoseconds, kind: first.kind, line: first.line + lineOffset,
                timeColumn: first.timeColumn)
        {
            throw problem.error(file: file, lineOffset: 0, eventOffset: 0)
        }
        if let problem = report.problem {
            throw problem.error(file: file, lineOffset: lineOffset, eventOffset: eventCount)
        }
        precondition(!report.stopped, "a chunk stopped early although no earlier chunk has a problem")
        add(eventCount, lineOffset)
        order.append(report.order, lineOffset: lineOffset)
        if let line = report.truncatedLine { warnings.append(.truncated(file: file, line: line + lineOffset)) }
        lineOffset += report.lineCount
    }

    /// What the scan found, once every chunk is merged.
    func result<C>(header: TraceHeader, _ consumer: C) -> TraceScanResult<C> {
        TraceScanResult(
            header: header, status: TraceStatus(terminal: order.terminal?.kind, truncated: !warnings.isEmpty),
            warnings: warnings, eventCount: eventCount, consumer: consumer)
    }
}
