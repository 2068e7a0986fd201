/// Lays out marble lines on one time axis: the one place where symbols become columns, for every marble line drawn. The
/// axis is a list of slots, points of time in order; a line has at most one item per slot, a symbol or a group `(ab|)`.
/// A slot's column is at least its `ideal` (`show`'s scale) and at least `gap` ticks after the previous slot's widest
/// item, the same on every line, so lines drawn together stay aligned and a caret can point at a slot.
package struct MarbleLayout {
    package struct Slot: Equatable {
        /// The column the slot is drawn at if nothing before pushes it on.
        package var ideal: Int
        /// Ticks at least between the previous slot's items and this one's.
        package var gap: Int

        package init(ideal: Int = 0, gap: Int = 0) {
            self.ideal = ideal
            self.gap = gap
        }
    }

    /// A line's events at one slot: one symbol, or several drawn as a group.
    package struct Item: Equatable {
        package var slot: Int
        package var symbols: [Character]

        package init(slot: Int, symbols: [Character]) {
            self.slot = slot
            self.symbols = symbols
        }

        var width: Int { symbols.count == 1 ? 1 : symbols.count + 2 }

        var text: [Character] {
            symbols.count == 1 ? symbols : [MarbleTheme.groupStart] + symbols + [MarbleTheme.groupEnd]
        }
    }

    /// One line: its items in slot order, `…` before them when earlier events are not drawn, and what follows the last.
    package struct Line: Equatable {
        package var items: [Item]
        package var omitsEarlier: Bool
        package var tail: [Character]

        package init(items: [Item], omitsEarlier: Bool = false, tail: [Character] = []) {
            self.items = items
            self.omitsEarlier = omitsEarlier
            self.tail = tail
        }
    }

    /// The lines, and where they first differ.
    package struct Drawing: Equatable {
        package var lines: [String]
        /// A line with `^` under the first slot where the lines differ (`nil` if they do not).
        package var caret: String?
    }

    package let slots: [Slot]
    /// The columns lines must fit in, filled with ticks (`nil`: as many as they need); groups that do not fit are `*`.
    package var width: Int?

    package init(slots: [Slot], width: Int? = nil) {
        self.slots = slots
        self.width = width
    }

    package func draw(_ lines: [Line]) -> Drawing {
        var lines = lines
        var widths = Self.widths(of: lines, slotCount: slots.count)
        if let width, widths.reduce(0, +) > width {
            for index in lines.indices {
                for item in lines[index].items.indices where lines[index].items[item].symbols.count > 1 {
                    lines[index].items[item].symbols = [MarbleTheme.crowded]
                }
            }
            widths = Self.widths(of: lines, slotCount: slots.count)
        }
        let columns = self.columns(widths)
        let lead = lines.contains(where: \.omitsEarlier) ? 1 : 0
        let drawn = lines.map { line in
            var text: [Character] = lead == 0 ? [] : [line.omitsEarlier ? MarbleTheme.omitted : " "]
            for item in line.items {
                let column = lead + columns[item.slot]
                text += repeatElement(MarbleTheme.tick, count: max(column - text.count, 0))
                text += item.text
            }
            text += line.tail
            if let width { text += repeatElement(MarbleTheme.tick, count: max(lead + width - text.count, 0)) }
            return String(text)
        }
        let caret = firstDifference(lines).map { String(repeating: " ", count: lead + columns[$0]) + "^" }
        return Drawing(lines: drawn, caret: caret)
    }

    /// The widest item of any line at each slot.
    private static func widths(of lines: [Line], slotCount: Int) -> [Int] {
        var widths = Array(repeating: 0, count: slotCount)
        for line in lines {
            for item in line.items { widths[item.slot] = max(widths[item.slot], item.width) }
        }
        return widths
    }

    /// Each slot's column: its ideal one, pushed on by the slots before it, then pulled back to fit the width.
    private func columns(_ widths: [Int]) -> [Int] {
        var columns: [Int] = []
        var end = 0
        for (slot, width) in zip(slots, widths) {
            columns.append(max(slot.ideal, end + slot.gap))
            end = columns[columns.count - 1] + width
        }
        guard let limit = width, end > limit else { return columns }
        var next = limit
        for index in columns.indices.reversed() {
            columns[index] = max(min(columns[index], next - widths[index]), 0)
            next = columns[index]
        }
        return columns
    }

    /// The first slot at which the lines do not all hold the same item.
    private func firstDifference(_ lines: [Line]) -> Int? {
        guard lines.count > 1 else { return nil }
        let items = lines.map { Dictionary($0.items.map { ($0.slot, $0.symbols) }, uniquingKeysWith: { a, _ in a }) }
        return slots.indices.first { slot in items.contains { $0[slot] != items[0][slot] } }
    }
}

extension MarbleLayout {
    /// One line on an axis of frames: its events by frame, in order, and what follows the last one.
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

    /// Lines on an axis of frames, each drawn to read back as a marble diagram of its events: `-` a frame, a group
    /// `(ab)` taking its characters' frames, as a marble test reads them. Spaces (which take no time) keep the lines
    /// aligned where another needs more columns, and a run of more than `longestRun` frames without an event on any
    /// line is a time progression (` 300ms `) on every line that goes on past it. A line ends at its last event, then
    /// its tail; the caret stands under `caretFrame`, else the first frame whose events differ. An event in a frame
    /// that an earlier group of its line covers follows the group: the only case where a line does not read back.
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

    /// The frames with events in order, each after a progression if more than `longestRun` frames before it have none.
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
