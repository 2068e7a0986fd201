extension MarbleLayout {
    /// One line on an axis of frames: its events by frame, in order, and
    /// what follows the last one.
    package struct FramesLine: Equatable {
        package var items: [(frame: Int64, symbols: [Character])]
        package var tail: [Character]

        package init(items: [(frame: Int64, symbols: [Character])], tail: [Character] = []) {
            self.items = items
            self.tail = tail
        }

        package static func == (lhs: FramesLine, rhs: FramesLine) -> Bool {
            lhs.tail == rhs.tail
                && lhs.items.elementsEqual(rhs.items) { $0.frame == $1.frame && $0.symbols == $1.symbols }
        }
    }

    /// Lines on an axis of frames, each drawn so that it reads back as a
    /// marble diagram with the events it was drawn from: `-` for each frame
    /// of time, a group `(ab)` taking its characters' frames, as a marble
    /// test reads them; where another line needs more columns, spaces
    /// (which take no time) keep the lines aligned; a run of more than
    /// `longestRun` frames without an event on any line is a time
    /// progression (` 300ms `) on every line that goes on past it. A line
    /// ends at its last event (then its tail). The caret stands under
    /// `caretFrame`, else under the first frame whose events differ.
    ///
    /// An event in a frame that an earlier group of its line covers cannot
    /// be drawn at its frame: it follows the group (the only case in which
    /// a line does not read back).
    ///
    /// ```swift
    /// let drawing = MarbleLayout.drawFrames(
    ///     [
    ///         .init(items: [(1, ["a"]), (3, ["b", "|"])]),
    ///         .init(items: [(1, ["a"]), (3, ["c"]), (4, ["|"])]),
    ///     ], frame: 1_000_000)
    /// let lines = drawing.lines  // ["-a-(b|)", "-a-c   |"]
    /// let caret = drawing.caret  // "   ^"
    /// ```
    package static func drawFrames(
        _ lines: [FramesLine], frame: Int64, longestRun: Int64 = 20, caretFrame: Int64? = nil
    ) -> Drawing {
        let slots = frameSlots(lines, longestRun: longestRun)
        var drawn = lines.map { _ in (text: [Character](), column: 0, cursor: Int64(0)) }
        let last = lines.map { line in line.items.last.map { item in slots.lastIndex { $0.frame == item.frame }! } ?? -1
        }
        var end = 0
        var caret: Int?
        let differing = caretFrame ?? firstDifference(lines)
        for (index, slot) in slots.enumerated() {
            let items = lines.map { line in line.items.first { $0.frame == slot.frame && slot.progression == 0 } }
            let drawing = lines.indices.filter { slot.progression == 0 ? items[$0] != nil : last[$0] > index }
            guard !drawing.isEmpty else { continue }
            let column = drawing.reduce(end) { column, line in
                max(column, drawn[line].column + Int(max(slot.frame - drawn[line].cursor, 0)))
            }
            if slot.frame == differing, slot.progression == 0, caret == nil { caret = column }
            var piece: [Character]
            if slot.progression > 0 {
                let text = MarbleTimeProgression.text(slot.progression * frame)
                piece = Array((column == 0 ? "" : " ") + text + " ")
            } else {
                piece = []
            }
            for line in drawing {
                let ticks = Int(max(slot.frame - drawn[line].cursor, 0))
                let symbols = items[line].map { Item(slot: 0, symbols: $0.symbols) }
                let text = symbols?.text ?? piece
                drawn[line].text += repeatElement(MarbleTheme.tick, count: ticks)
                drawn[line].text += repeatElement(" ", count: column - drawn[line].column - ticks)
                drawn[line].text += text
                drawn[line].column = column + text.count
                drawn[line].cursor = slot.frame + (slot.progression > 0 ? slot.progression : Int64(text.count))
                end = max(end, drawn[line].column)
            }
        }
        let texts = zip(drawn, lines).map { String($0.text + $1.tail) }
        return Drawing(lines: texts, caret: caret.map { String(repeating: " ", count: $0) + String(MarbleTheme.caret) })
    }

    /// The frames with events, in order, and between them (or before the
    /// first) a progression for each run of more than `longestRun` frames
    /// without one.
    private static func frameSlots(_ lines: [FramesLine], longestRun: Int64) -> [(frame: Int64, progression: Int64)] {
        let frames = Array(Set(lines.flatMap { $0.items.map(\.frame) })).sorted()
        var slots: [(frame: Int64, progression: Int64)] = []
        var free: Int64 = 0
        for frame in frames {
            if frame - free > longestRun { slots.append((free, frame - free)) }
            slots.append((frame, 0))
            // The widest item at this frame covers the frames after it.
            let width =
                lines.compactMap { $0.items.first { $0.frame == frame } }.map {
                    Int64(Item(slot: 0, symbols: $0.symbols).width)
                }.max() ?? 1
            free = max(free, frame + width)
        }
        return slots
    }

    /// The first frame at which the lines do not all hold the same events.
    private static func firstDifference(_ lines: [FramesLine]) -> Int64? {
        guard lines.count > 1 else { return nil }
        let frames = Array(Set(lines.flatMap { $0.items.map(\.frame) })).sorted()
        return frames.first { frame in
            let symbols = lines.map { $0.items.first { $0.frame == frame }?.symbols }
            return symbols.contains { $0 != symbols[0] }
        }
    }
}
