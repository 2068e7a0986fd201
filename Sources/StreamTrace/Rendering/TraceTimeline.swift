/// A trace laid out for a person, one piece at a time: summary lines, one
/// row per event, and a marble diagram. `streamtrace show` prints it as it
/// reads the trace's events; the library only builds the text.
///
/// Every line fits in ``width`` columns (cut with `…`), whatever the width,
/// and text from the trace is escaped (see ``TerminalText``).
///
/// ```swift
/// let summary = try TraceSummary(reading: TraceReader(path: "run.jsonl"))
/// let timeline = TraceTimeline(summary: summary, width: 80)
/// let lines = timeline.summaryLines  // ["stream:    search", "clock:     virtual", …]
/// ```
package struct TraceTimeline: Sendable {
    package let summary: TraceSummary
    /// The number of columns every line fits in.
    package let width: Int

    package init(summary: TraceSummary, width: Int) {
        self.summary = summary
        self.width = max(width, 1)
    }

    /// The stream's end, in words: `finished`, `failed (URLError: timed out)`,
    /// `open`, `cancelled`, `truncated (last line cut off)`.
    package var statusText: String {
        switch summary.status {
        case .failed: summary.failure.map { "failed (\($0))" } ?? "failed"
        case .truncated: "truncated (the last line was cut off; the trace is open)"
        default: summary.status.rawValue
        }
    }

    /// The summary lines: stream, clock, started, status, elements, duration.
    package var summaryLines: [String] { headerLines + outcomeLines }

    /// What the header says: stream, clock, started.
    package var headerLines: [String] {
        var lines: [String] = []
        if let stream = summary.header.stream { lines.append("stream:    \(TerminalText.escaped(stream))") }
        lines.append("clock:     \(TerminalText.escaped(summary.header.clock ?? "unknown"))")
        if let started = summary.header.started { lines.append("started:   \(TerminalText.escaped(started))") }
        return lines.map(fit)
    }

    /// How the trace ended: status, elements, duration.
    package var outcomeLines: [String] {
        [
            "status:    \(statusText)", "elements:  \(summary.elementCount)",
            "duration:  \(TimeFormat.short(summary.duration))",
        ].map(fit)
    }

    /// The event table's header row.
    package var headerRow: String {
        fit("\(pad("t", 10))  \(pad("Δt", 10))  \(TextLayout.padded("event", to: 9))  value")
    }

    /// One event's row: time since start, time since the previous event,
    /// kind, and the value or payload.
    package func row(_ event: TraceEvent, previousTime: Int64) -> String {
        let prefix = lead(event.nanoseconds, event.event.kind, previousTime: previousTime)
        let payload = Self.payload(of: event)
        return fit(payload.isEmpty ? TextLayout.trimmingTrailingSpaces(prefix) : prefix + "  " + payload)
    }

    /// The same row for an event read with ``TraceReader/nextHead()``, its
    /// value (if any) as its validated text: a huge value is not built, and
    /// only as much of it is written as the row shows.
    package func row(
        _ head: TraceEventHead, value: UnsafeRawBufferPointer?, previousTime: Int64, rewriter: inout JSONRewriter
    ) -> String {
        let prefix = lead(head.nanoseconds, head.kind, previousTime: previousTime)
        if head.kind == .value, let value {
            return ValueText.truncated(lead: prefix + "  ", json: value, to: width, rewriter: &rewriter)
        }
        let payload =
            switch head.kind {
            case .request: "demand \(head.demand ?? .unlimited)"
            case .failure: (head.failure ?? TraceFailure(type: "", message: "")).description
            default: ""
            }
        return fit(payload.isEmpty ? TextLayout.trimmingTrailingSpaces(prefix) : prefix + "  " + payload)
    }

    /// A row's columns before its payload: time, time since the previous
    /// event, kind.
    private func lead(_ nanoseconds: Int64, _ kind: EventKind, previousTime: Int64) -> String {
        let time = "+" + TimeFormat.short(nanoseconds)
        let delta = "+" + TimeFormat.short(nanoseconds - previousTime)
        return "\(pad(time, 10))  \(pad(delta, 10))  \(TextLayout.padded(kind.rawValue, to: 9))"
    }

    /// What a row shows of an event: the value, the demand or the error,
    /// escaped; nothing for the other kinds.
    package static func payload(of event: TraceEvent) -> String {
        switch event.event {
        case .value(let value): TerminalText.escaped(value.jsonText)
        case .request(let demand): "demand \(demand)"
        case .failure(let failure): failure.description
        default: ""
        }
    }

    /// The widest a diagram is drawn, on however wide a terminal.
    package static let diagramLimit = 72

    /// A marble line to feed the trace's events, as wide as the lines (at
    /// most ``diagramLimit``).
    package func makeMarble() -> ScaledMarbleLines {
        ScaledMarbleLines(start: summary.firstTime, end: summary.lastTime, width: min(width, Self.diagramLimit))
    }

    /// The marble line of the events `growing` kept, as wide as
    /// ``makeMarble()``'s.
    package func marble(of growing: GrowingMarbleLine) -> ScaledMarbleLines {
        growing.scaled(width: min(width, Self.diagramLimit))
    }

    /// The diagram, then its legend: each letter's value and what the other
    /// symbols mean, as many to a line as fit.
    package func diagramLines(_ marble: ScaledMarbleLines) -> [String] {
        marble.lines + TextLayout.packed(marble.legend, to: width)
    }

    private func pad(_ text: String, _ count: Int) -> String {
        TextLayout.padded(text, to: count, alignment: .right)
    }

    private func fit(_ line: String) -> String {
        TextLayout.truncated(line, to: width)
    }
}
