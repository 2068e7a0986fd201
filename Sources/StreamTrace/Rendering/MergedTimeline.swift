/// Several traces on one time axis (`streamtrace show PATH...`): a summary line per stream, one row per event of all of
/// them in time order (with a stream column), and a marble line per stream on one scale. Lines fit in ``width``
/// columns, trace text escaped (``TerminalText``); times are on ``TraceAlignment``'s axis, 0 the earliest start.
package struct MergedTimeline: Sendable {
    package struct Lane: Sendable {
        package var name: String
        package var file: String
        package var summary: TraceSummary

        /// The trace read from `file`, named as ``MergedTimeline/name(of:file:)`` says.
        package init(file: String, summary: TraceSummary) {
            name = MergedTimeline.name(of: summary.header, file: file)
            self.file = file
            self.summary = summary
        }
    }

    package let lanes: [Lane]
    package let alignment: TraceAlignment
    package let width: Int
    private let nameWidth: Int

    package init(lanes: [Lane], width: Int) {
        self.lanes = lanes
        self.width = max(width, 1)
        alignment = TraceAlignment(headers: lanes.map(\.summary.header))
        let widest = lanes.map { TerminalText.width(TerminalText.escaped($0.name)) }.max() ?? 0
        nameWidth = min(max(widest, 6), max(6, self.width / 4))
    }

    /// The stream's name in a trace: its header's, else the file's name without its folder and `.jsonl`.
    package static func name(of header: TraceHeader, file: String) -> String {
        if let stream = header.stream, !stream.isEmpty { return stream }
        let base = file.split(separator: "/").last.map(String.init) ?? file
        return base.hasSuffix(".jsonl") ? String(base.dropLast(6)) : base
    }

    /// The first line, then one per stream: its status, elements, duration, start on the axis, and file.
    package var summaryLines: [String] {
        var lines = ["streams:   \(lanes.count), \(alignment.description)"]
        if let origin = alignment.origin { lines.append("0 is:      \(TerminalText.escaped(origin))") }
        for (index, lane) in lanes.enumerated() {
            let summary = lane.summary
            let timeline = TraceTimeline(summary: summary, width: width)
            let elements = "\(summary.elementCount) element\(summary.elementCount == 1 ? "" : "s")"
            let start = TimeFormat.short(alignment.time(summary.firstTime, of: index))
            let facts = "\(timeline.statusText), \(elements) in \(TimeFormat.short(summary.duration)), from +\(start)"
            lines.append("  \(column(lane.name))  \(facts) (\(TerminalText.escaped(lane.file)))")
        }
        return lines.map { TextLayout.truncated($0, to: width) }
    }

    package var headerRow: String {
        TraceTimeline.row(
            TraceTimeline.lead("t", "Δt", stream: column("stream"), kind: "event"), payload: "value", width: width)
    }

    /// One event's row: its time on the shared axis, the time since the previous row, its stream, kind, and payload.
    package func row(_ event: TraceEvent, lane: Int, time: Int64, previousTime: Int64) -> String {
        let lead = TraceTimeline.lead(
            time, since: previousTime, stream: column(lanes[lane].name), kind: event.event.kind)
        return TraceTimeline.row(lead, payload: TraceTimeline.payload(of: event), width: width)
    }

    /// One marble line per stream, over one span and lettered alike, for each stream's events at shared-axis times.
    package func makeMarbles() -> MarbleLines<MarbleValueKey> {
        let starts = lanes.indices.filter { lanes[$0].summary.eventCount > 0 }
        let start = starts.map { alignment.time(lanes[$0].summary.firstTime, of: $0) }.min() ?? 0
        let end = starts.map { alignment.time(lanes[$0].summary.lastTime, of: $0) }.max() ?? 0
        let diagramWidth = min(max(width - nameWidth - 2, 1), TraceTimeline.diagramLimit)
        return MarbleLines(scale: .columns(start: start, end: end, width: diagramWidth), lines: lanes.count)
    }

    /// Each stream's name and marble line, then one legend for all.
    package func diagramLines(_ marbles: MarbleLines<MarbleValueKey>) -> [String] {
        let drawing = marbles.drawing()
        return zip(lanes, drawing.lines).map { TextLayout.truncated("\(column($0.name))  \($1)", to: width) }
            + TextLayout.packed(drawing.legend, to: width)
    }

    /// A stream's name (or the column's title) cut and padded to the column.
    private func column(_ name: String) -> String {
        TextLayout.padded(TextLayout.truncated(TerminalText.escaped(name), to: nameWidth), to: nameWidth)
    }
}
