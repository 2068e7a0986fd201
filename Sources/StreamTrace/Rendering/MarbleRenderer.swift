/// Draws recent timelines as marble lines, several on one scale with one lettering: a failure message's `recent:` line,
/// expected over actual (shape tables, marble tests), `diff`'s two traces. (`show`'s lines are ``ScaledMarbleLines``'s;
/// both lay out through ``MarbleLayout``.) Events in one column make a group; `…` leads a line whose earlier events are
/// not drawn, a trailing `-` says the recording had not ended, a trailing `…` that more events follow.
package enum MarbleRenderer {
    /// How time becomes columns.
    package enum Scale: Equatable, Sendable {
        /// Each distinct time a column, one to three ticks between two by the gap's length relative to the longest
        /// gap shown on any line (none before an event at the start).
        case compact
        /// A column a frame of this many nanoseconds from the subscription, an event at `t` in frame ⌊t / frame⌋, as
        /// a marble test reads a diagram (see ``MarbleLayout/drawFrames(_:frame:longestRun:caretFrame:)``).
        case frames(Int64)
    }

    /// Lines drawn together, where they first differ, and one legend.
    package struct Drawing: Equatable {
        package var lines: [String]
        package var caret: String?
        /// `a = value` for each letter drawn, then what `?` means if drawn.
        package var legend: [String]
    }

    /// `timelines` lettered by their labels on one scale, or each on its own (no caret) if their times do not compare.
    package static func draw(
        _ timelines: [RecentTimeline], scale: Scale = .compact, onOneScale: Bool = true
    ) -> Drawing {
        var lettering = MarbleLettering<String>()
        func label(_ timeline: RecentTimeline, _ event: Int) -> String? {
            if case .element(let label) = timeline.events[event].mark { label } else { nil }
        }
        guard !onOneScale else {
            return draw(timelines, scale: scale, lettering: &lettering) { label(timelines[$0], $1) }
        }
        let lines = timelines.flatMap { timeline in
            draw([timeline], scale: scale, lettering: &lettering) { label(timeline, $1) }.lines
        }
        return Drawing(lines: lines, caret: nil, legend: legend(lettering, of: lines))
    }

    /// `timelines` on one scale, their elements lettered by `key` (line and event index; `nil`: not known, drawn `?`)
    /// with `lettering`, in the order of time, then of the lines at one time.
    package static func draw<Key: Hashable>(
        _ timelines: [RecentTimeline], scale: Scale = .compact, lettering: inout MarbleLettering<Key>,
        key: (Int, Int) -> Key?
    ) -> Drawing {
        let (slots, slotOf) = axis(of: timelines, scale)
        var items = timelines.map { _ in [Int: [Character]]() }
        let order = timelines.indices.flatMap { line in
            timelines[line].events.indices.map { (slot: slotOf(timelines[line].events[$0].nanoseconds), line, $0) }
        }.sorted { ($0.slot, $0.1, $0.2) < ($1.slot, $1.1, $1.2) }
        for (slot, line, index) in order {
            let event = timelines[line].events[index]
            var symbol = MarbleTheme.symbol(event.mark)
            if case .element(let label) = event.mark, let label, let key = key(line, index) {
                symbol = lettering.letter(for: key, label: label)
            }
            items[line][slot, default: []].append(symbol)
        }
        if case .frames(let frame) = scale {
            let lines = zip(timelines, items).map { timeline, items in
                MarbleLayout.FramesLine(
                    items: items.keys.sorted().map { (Int64(slots[$0].ideal), items[$0]!) },
                    tail: timeline.isCut ? [MarbleTheme.omitted] : timeline.isOpen ? [MarbleTheme.tick] : [])
            }
            let layout = MarbleLayout.drawFrames(lines, frame: max(frame, 1))
            return Drawing(lines: layout.lines, caret: layout.caret, legend: legend(lettering, of: layout.lines))
        }
        let lines = zip(timelines, items).map { timeline, items in
            MarbleLayout.Line(
                items: items.keys.sorted().map { .init(slot: $0, symbols: items[$0]!) },
                omitsEarlier: timeline.omitted > 0,
                tail: timeline.isCut ? [MarbleTheme.omitted] : timeline.isOpen ? [MarbleTheme.tick] : [])
        }
        let layout = MarbleLayout(slots: slots).draw(lines)
        return Drawing(lines: layout.lines, caret: layout.caret, legend: legend(lettering, of: layout.lines))
    }
}

extension MarbleRenderer {
    /// The letters `lines` draw and their values, then what `?` means if they draw it.
    private static func legend<Key>(_ lettering: MarbleLettering<Key>, of lines: [String]) -> [String] {
        let unnamed = lines.contains { $0.contains(MarbleTheme.unnamed) }
        return lettering.legend(of: lines) + MarbleTheme.meanings(of: unnamed ? [MarbleTheme.unnamed] : [])
    }
    /// The slots of every time the lines have, and the slot of a time.
    private static func axis(of timelines: [RecentTimeline], _ scale: Scale) -> ([MarbleLayout.Slot], (Int64) -> Int) {
        let events = timelines.flatMap(\.events)
        if case .frames(let frame) = scale {
            let duration = max(frame, 1)
            func frameOf(_ time: Int64) -> Int { Int(max(time, 0) / duration) }
            let frames = Array(Set(events.map { frameOf($0.nanoseconds) })).sorted()
            let slotOf = Dictionary(uniqueKeysWithValues: frames.enumerated().map { ($1, $0) })
            return (frames.map { MarbleLayout.Slot(ideal: $0) }, { slotOf[frameOf($0)]! })
        }
        let start = timelines.filter { !$0.events.isEmpty }.map(\.start).min() ?? 0
        let times = Array(Set(events.map(\.nanoseconds))).sorted()
        let gaps = zip(times, [start] + times).map { max($0 &- $1, 0) }
        let longest = gaps.max() ?? 0
        let slots = gaps.map { gap in
            MarbleLayout.Slot(gap: gap == 0 ? 0 : 1 + Int((Double(gap) / Double(longest) * 2).rounded()))
        }
        let slotOf = Dictionary(uniqueKeysWithValues: times.enumerated().map { ($1, $0) })
        return (slots, { slotOf[$0]! })
    }
}

extension MarbleRenderer.Drawing {
    /// The lines after their names, aligned (`expected: `), the caret under them if `showsCaret`, then the legend.
    package func labelled(_ names: [String], showsCaret: Bool = true) -> [String] {
        let width = (names.map(\.count).max() ?? 0) + 2
        var result = zip(names, lines).map { TextLayout.padded($0 + ":", to: width) + $1 }
        if showsCaret, let caret { result.append(String(repeating: " ", count: width) + caret) }
        return result + legend
    }
}
