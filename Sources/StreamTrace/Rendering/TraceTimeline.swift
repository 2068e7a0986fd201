/// A trace laid out for a person: a summary, one row per event, and a
/// marble diagram. `streamtrace show` prints it; the library only builds
/// the text.
///
/// ```swift
/// let timeline = TraceTimeline(trace: try Trace(contentsOf: "run.jsonl"), width: 80)
/// print(timeline.text)
/// ```
package struct TraceTimeline: Sendable {
    package let trace: Trace
    /// The number of columns to fit in: values and the diagram are cut or
    /// scaled to it.
    package let width: Int

    package init(trace: Trace, width: Int) {
        self.trace = trace
        self.width = max(width, 20)
    }

    /// The stream's end, in words: `finished`, `failed (URLError: timed out)`,
    /// `open`, `cancelled`, `truncated (last line cut off)`.
    package var statusText: String {
        switch trace.status {
        case .failed:
            if case .failure(let failure)? = trace.events.last?.event { return "failed (\(failure))" }
            return "failed"
        case .truncated: return "truncated (the last line was cut off; the trace is open)"
        default: return trace.status.rawValue
        }
    }

    /// Time from the first event to the last.
    package var duration: Int64 {
        guard let first = trace.events.first, let last = trace.events.last else { return 0 }
        return last.nanoseconds - first.nanoseconds
    }

    /// The summary lines: stream, clock, started, status, elements, duration.
    package var summaryLines: [String] {
        var lines: [String] = []
        if let stream = trace.header.stream { lines.append("stream:    \(stream)") }
        lines.append("clock:     \(trace.header.clock ?? "unknown")")
        if let started = trace.header.started { lines.append("started:   \(started)") }
        lines.append("status:    \(statusText)")
        lines.append("elements:  \(trace.elements.count)")
        lines.append("duration:  \(TimeFormat.short(duration))")
        return lines
    }

    /// One row per event: time since start, time since the previous event,
    /// kind, and the value or payload cut to the width.
    package var eventRows: [String] {
        var rows = ["\(pad("t", 10))  \(pad("Δt", 10))  \(TextLayout.padded("event", to: 9))  value"]
        var previous: Int64 = 0
        for event in trace.events {
            let payload: String
            switch event.event {
            case .value(let value): payload = value.jsonText
            case .request(let demand): payload = "demand \(demand)"
            case .failure(let failure): payload = failure.description
            default: payload = ""
            }
            let time = "+" + TimeFormat.short(event.nanoseconds)
            let delta = "+" + TimeFormat.short(event.nanoseconds - previous)
            previous = event.nanoseconds
            let prefix = "\(pad(time, 10))  \(pad(delta, 10))  \(TextLayout.padded(event.event.kind.rawValue, to: 9))"
            rows.append(
                TextLayout.truncated(
                    payload.isEmpty ? TextLayout.trimmingTrailingSpaces(prefix) : prefix + "  " + payload, to: width))
        }
        return rows
    }

    /// The marble diagram with its legend: on one line when the legend
    /// leaves the diagram at least 40 columns, else the diagram over the
    /// whole width and the legend below.
    package var diagramLines: [String] {
        let events = trace.events.map { ($0.nanoseconds, $0.event.kind) }
        let legend = MarbleDiagram(events: events, width: 1_000).legend
        let besideLegend = width - legend.count - 3
        if besideLegend >= 40 {
            let marble = MarbleDiagram(events: events, width: min(besideLegend, 72))
            return [marble.legend.isEmpty ? marble.line : marble.line + "   " + marble.legend]
        }
        let marble = MarbleDiagram(events: events, width: width)
        return marble.legend.isEmpty ? [marble.line] : [marble.line, marble.legend]
    }

    /// Everything, as `streamtrace show` prints it.
    package var text: String {
        let marbleLines = diagramLines
        return (summaryLines + [""] + eventRows + [""] + marbleLines).joined(separator: "\n")
    }

    private func pad(_ text: String, _ count: Int) -> String {
        TextLayout.padded(text, to: count, alignment: .right)
    }
}
