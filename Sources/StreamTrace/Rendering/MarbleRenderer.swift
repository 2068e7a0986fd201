/// Draws marble lines, in the symbols of a ``MarbleTheme``, in one of two
/// layouts:
///
/// - compact (``compact(_:)``): the events in order, each gap drawn as one
///   to three ticks by its length relative to the longest gap shown — a
///   failure message's recent timeline, with values: `…-2---3-|`;
/// - scaled (``scaled(_:width:)``): a whole recording over a fixed number
///   of columns, time proportional — `show`'s diagram: `-a--b-----c-|`.
package struct MarbleRenderer: Sendable {
    package var theme: MarbleTheme

    package init(theme: MarbleTheme) {
        self.theme = theme
    }

    // MARK: Compact

    /// The timeline as one line: `…` when earlier events are hidden, the
    /// events with their gaps, and a trailing tick when the recording had
    /// not ended.
    package func compact(_ timeline: RecentTimeline) -> String {
        guard !timeline.events.isEmpty else { return "(no events)" }
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
            text += theme.text(event.mark)
        }
        if timeline.isOpen { text.append(theme.tick) }
        return text
    }

    // MARK: Scaled

    /// The recording's elements and its end over `width` columns, and a
    /// legend of the symbols used. Events that fall in one column are
    /// nudged apart, keeping their order; only when there are more events
    /// than columns do some share one, drawn as the theme's crowded symbol.
    package func scaled(_ events: [(nanoseconds: Int64, kind: EventKind)], width: Int) -> (line: String, legend: String)
    {
        let width = max(width, 1)
        let drawn = events.filter { $0.kind != .subscribe && $0.kind != .request }
        let elementCount = drawn.count { $0.kind == .value }
        let letters = elementCount <= 26
        var letter = 0
        let symbols = drawn.map { event -> Character in
            guard event.kind == .value else { return theme.symbol(event.kind) }
            defer { letter += 1 }
            return letters ? Self.letter(letter) : theme.unknownValue
        }
        let start = events.first?.nanoseconds ?? 0
        let span = max((events.last?.nanoseconds ?? 0) - start, 0)
        let positions = Self.columns(of: drawn.map { $0.nanoseconds - start }, span: span, width: width)
        var columns = Array(repeating: theme.tick, count: width)
        var crowded = false
        for (position, symbol) in zip(positions, symbols) {
            crowded = crowded || columns[position] != theme.tick
            columns[position] = columns[position] == theme.tick ? symbol : theme.crowded
        }
        return (
            String(columns), legend(drawn.map(\.kind), elementCount: elementCount, letters: letters, crowded: crowded)
        )
    }

    /// The column of each offset, scaled to `width`, then nudged so that
    /// every event has a column of its own, in order, when they fit.
    static func columns(of offsets: [Int64], span: Int64, width: Int) -> [Int] {
        var positions = offsets.map { offset -> Int in
            let column = span == 0 ? 0 : Int((Double(offset) / Double(span) * Double(width - 1)).rounded())
            return min(max(column, 0), width - 1)
        }
        guard positions.count <= width else { return positions }
        for i in positions.indices.dropFirst() { positions[i] = max(positions[i], positions[i - 1] + 1) }
        if let last = positions.last, last > width - 1 {
            positions[positions.count - 1] = width - 1
            for i in positions.indices.dropLast().reversed() { positions[i] = min(positions[i], positions[i + 1] - 1) }
        }
        return positions
    }

    /// `a, b: elements   |: finished   X: failure   !: cancel   *: several events`,
    /// for the symbols drawn.
    private func legend(_ kinds: [EventKind], elementCount: Int, letters: Bool, crowded: Bool) -> String {
        var parts: [String] = []
        if elementCount > 0 {
            if letters {
                let names = (0..<elementCount).map { String(Self.letter($0)) }
                parts.append("\(names.joined(separator: ", ")): element\(elementCount == 1 ? "" : "s")")
            } else {
                parts.append("\(theme.unknownValue): element")
            }
        }
        for (kind, meaning) in [(EventKind.finished, "finished"), (.failure, "failure"), (.cancel, "cancel")]
        where kinds.contains(kind) {
            parts.append("\(theme.symbol(kind)): \(meaning)")
        }
        if crowded { parts.append("\(theme.crowded): several events") }
        return parts.joined(separator: "   ")
    }

    private static func letter(_ index: Int) -> Character {
        Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(index)))
    }
}
