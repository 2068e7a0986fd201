import StreamTrace

/// `show --follow TRACE`: the events already written, then each new one as the writer appends it, until the trace's
/// terminal event, the end of a FIFO, or Ctrl-C (exit status 130); then how it ended and its marble line. Rows are
/// written as read; the marble line is kept in memory bounded by its width (``GrowingMarbleLine``).
enum FollowedTrace {
    static func show(_ path: String, width: Int) throws -> ExitStatus {
        let input = try FollowInput(path)
        let reader: TraceReader
        do {
            reader = try TraceReader(reading: { input.read(into: $0, count: $1) }, name: input.name)
        } catch {
            if input.interrupted { return .interrupted }  // stopped before the header came
            throw error
        }
        var summary = TraceSummary(header: reader.header, status: .open, warnings: [])
        let timeline = TraceTimeline(summary: summary, width: width)
        for line in timeline.headerLines { try Console.out(line) }
        try Console.out(
            TextLayout.truncated("following: \(TerminalText.escaped(input.name)) (until it ends, or Ctrl-C)", to: width)
        )
        try Console.out("")
        try Console.out(timeline.headerRow)
        try Console.flush()
        var marble = GrowingMarbleLine(labelWidth: width)
        while let event = try reader.next() {
            try Console.out(timeline.row(event, previousTime: summary.eventCount == 0 ? 0 : summary.lastTime))
            try Console.flush()
            summary.add(event)
            marble.append(event)
            if event.event.kind.isTerminal { break }
        }
        // Stopped by Ctrl-C, a last line without its end is one being written, not damage.
        summary.status = input.interrupted && reader.status == .truncated ? .open : reader.status
        if !input.interrupted { for warning in reader.warnings { Console.error(warning.description) } }
        let ended = TraceTimeline(summary: summary, width: width)
        try Console.out("")
        if input.interrupted, summary.terminal == nil { try Console.out("stopped:   Ctrl-C, before the trace ended") }
        for line in ended.outcomeLines { try Console.out(line) }
        try Console.out("")
        for line in ended.diagramLines(marble.scaled(width: ended.diagramWidth)) { try Console.out(line) }
        return input.interrupted ? .interrupted : .success
    }
}
