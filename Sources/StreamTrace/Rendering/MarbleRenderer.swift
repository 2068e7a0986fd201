/// Draws marble lines in the symbols of a ``MarbleTheme``. Two layouts:
/// compact (here): the events in order, each gap drawn as one to three
/// ticks by its length relative to the longest gap shown — a failure
/// message's recent timeline, with values: `…-2---3-|`; and scaled
/// (``ScaledMarbleLine``): a whole recording over a fixed number of
/// columns, time proportional — `show`'s diagram: `-a--b-----c-|`.
package struct MarbleRenderer: Sendable {
    package var theme: MarbleTheme

    package init(theme: MarbleTheme) {
        self.theme = theme
    }

    // MARK: Compact

    /// The timeline as one line: `…` when earlier events are hidden, the
    /// events with their gaps, and a trailing tick when the recording had
    /// not ended. Values stand on the line when they are all short;
    /// otherwise letters do, and the legend names each value whole:
    /// `-a---b-|`, `a = {"query":"s","results":[]}, b = …`.
    package func compact(_ timeline: RecentTimeline) -> (line: String, legend: String) {
        guard !timeline.events.isEmpty else { return ("(no events)", "") }
        let values = timeline.events.compactMap { event -> String? in
            if case .value(let text?) = event.mark { text } else { nil }
        }
        let lettered = values.contains { TerminalText.width($0) > ValueText.labelLimit }
        var legend: [String] = []
        var gaps: [Int64] = []
        var previous = timeline.start
        for event in timeline.events {
            gaps.append(max(event.nanoseconds - previous, 0))
            previous = event.nanoseconds
        }
        let longest = gaps.max() ?? 0
        var text = timeline.omitted > 0 ? String(theme.omitted) : ""
        for (event, gap) in zip(timeline.events, gaps) {
            let ticks = longest == 0 ? 1 : 1 + Int((Double(gap) / Double(longest) * 2).rounded())
            text += String(repeating: theme.tick, count: ticks)
            if lettered, case .value(let value?) = event.mark {
                let letter = String(ScaledMarbleLine.letter(legend.count))
                legend.append("\(letter) = \(value)")
                text += letter
            } else {
                text += theme.text(event.mark)
            }
        }
        if timeline.isCut { text.append(theme.omitted) } else if timeline.isOpen { text.append(theme.tick) }
        return (text, legend.joined(separator: ", "))
    }
}
