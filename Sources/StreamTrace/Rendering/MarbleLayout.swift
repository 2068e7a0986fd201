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

    /// A line's events at one slot (a frame in ``drawFrames(_:frame:longestRun:caretFrame:)``): one symbol, several
    /// drawn as a group, or `*` when `count` events came there but not all their symbols were kept.
    package struct Item: Equatable, Sendable {
        package var slot: Int
        package var symbols: [Character]
        package var count: Int
        /// The symbols (by position in ``symbols``) of the events a caret points at (the events that decided a failure).
        package var marked: [Int] = []

        package init(slot: Int, symbols: [Character], count: Int? = nil) {
            self.slot = slot
            self.symbols = symbols
            self.count = count ?? symbols.count
        }

        var drawn: [Character] { count == symbols.count ? symbols : [MarbleTheme.crowded] }

        var width: Int { drawn.count == 1 ? 1 : drawn.count + 2 }

        var text: [Character] {
            drawn.count == 1 ? drawn : [MarbleTheme.groupStart] + drawn + [MarbleTheme.groupEnd]
        }

        /// The columns of the marked symbols from the item's first: past a group's `(`; the `*` itself when crowded.
        var markedOffsets: [Int] {
            if drawn.count == symbols.count, drawn.count > 1 { return marked.map { $0 + 1 } }
            return marked.isEmpty ? [] : [0]
        }
    }

    /// One line: its items in slot order, `…` before them when earlier events are not drawn, and what follows the last.
    package struct Line: Equatable, Sendable {
        package var items: [Item]
        package var omitsEarlier: Bool
        package var tail: [Character]

        package init(items: [Item], omitsEarlier: Bool = false, tail: [Character] = []) {
            self.items = items
            self.omitsEarlier = omitsEarlier
            self.tail = tail
        }
    }

    /// The lines, where they first differ, and (drawn by ``MarbleLines``) one legend.
    package struct Drawing: Equatable {
        package var lines: [String]
        /// A line with `^` under each marked event (``Item/marked``), else under the first slot where the lines differ
        /// (`nil` if none is marked and they do not differ).
        package var caret: String?
        /// `a = value` for each letter drawn, then what the other symbols mean.
        package var legend: [String] = []

        /// The lines after their names, aligned (`expected: `), the caret under them if `showsCaret`, then the legend.
        package func labelled(_ names: [String], showsCaret: Bool = true) -> [String] {
            let width = (names.map(\.count).max() ?? 0) + 2
            var result = zip(names, lines).map { TextLayout.padded($0 + ":", to: width) + $1 }
            if showsCaret, let caret { result.append(String(repeating: " ", count: width) + caret) }
            return result + legend
        }
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
                for item in lines[index].items.indices where lines[index].items[item].drawn.count > 1 {
                    lines[index].items[item].symbols = [MarbleTheme.crowded]
                    lines[index].items[item].count = 1
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
        let marks = lines.flatMap { line in
            line.items.flatMap { item in item.markedOffsets.map { lead + columns[item.slot] + $0 } }
        }
        guard marks.isEmpty else { return Drawing(lines: drawn, caret: Self.caret(under: marks)) }
        let caret = Self.firstDifference(lines, among: slots.indices).map {
            String(repeating: " ", count: lead + columns[$0]) + "^"
        }
        return Drawing(lines: drawn, caret: caret)
    }

    /// A line with a caret under each of `columns`.
    private static func caret(under columns: [Int]) -> String {
        var text = [Character](repeating: " ", count: (columns.max() ?? 0) + 1)
        for column in columns { text[column] = MarbleTheme.caret }
        return String(text)
    }

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

    /// The first of `slots` (in order) at which the lines do not all draw the same item.
    private static func firstDifference(_ lines: [Line], among slots: some Sequence<Int>) -> Int? {
        guard lines.count > 1 else { return nil }
        let items = lines.map { Dictionary($0.items.map { ($0.slot, $0.drawn) }, uniquingKeysWith: { a, _ in a }) }
        return slots.first { slot in items.contains { $0[slot] != items[0][slot] } }
    }
}

extension MarbleLayout {
    /// Lines on an axis of frames (each item's slot its frame, in order), each drawn to read back as a marble diagram
    /// of its events: `-` a frame, a group `(ab)` taking its characters' frames, as a marble test reads them. Spaces
    /// (which take no time) keep the lines aligned where another needs more columns, and a run of more than
    /// `longestRun` frames without an event on any line is a time progression (` 300ms `) on every line that goes on
    /// past it. A line ends at its last event, then its tail; the caret stands under `caretFrame`, else the first frame
    /// whose events differ. An event in a frame that an earlier group of its line covers follows the group: the only
    /// case where a line does not read back.
    package static func drawFrames(
        _ lines: [Line], frame: Int64, longestRun: Int64 = 20, caretFrame: Int64? = nil
    ) -> Drawing {
        let frames = Set(lines.flatMap { $0.items.map(\.slot) }).sorted()
        let slots = frameSlots(frames, of: lines, longestRun: longestRun)
        var drawn = lines.map { _ in (text: [Character](), column: 0, cursor: 0) }
        let last = lines.map { line in
            line.items.last.map { item in slots.lastIndex { $0.frame == item.slot }! } ?? -1
        }
        var end = 0
        var caret: Int?
        let differing = caretFrame.map { Int($0) } ?? firstDifference(lines, among: frames)
        for (index, slot) in slots.enumerated() {
            let items = lines.map { line in line.items.first { $0.slot == slot.frame && slot.progression == 0 } }
            let drawing = lines.indices.filter { slot.progression == 0 ? items[$0] != nil : last[$0] > index }
            guard !drawing.isEmpty else { continue }
            let column = drawing.reduce(end) { column, line in
                max(column, drawn[line].column + max(slot.frame - drawn[line].cursor, 0))
            }
            if slot.frame == differing, slot.progression == 0, caret == nil { caret = column }
            var piece: [Character] = []
            if slot.progression > 0 {
                let text = MarbleTimeProgression.text(Int64(slot.progression) * frame)
                piece = Array((column == 0 ? "" : " ") + text + " ")
            }
            for line in drawing {
                let ticks = max(slot.frame - drawn[line].cursor, 0)
                let text = items[line]?.text ?? piece
                drawn[line].text += repeatElement(MarbleTheme.tick, count: ticks)
                drawn[line].text += repeatElement(" ", count: column - drawn[line].column - ticks)
                drawn[line].text += text
                drawn[line].column = column + text.count
                drawn[line].cursor = slot.frame + (slot.progression > 0 ? slot.progression : text.count)
                end = max(end, drawn[line].column)
            }
        }
        let texts = zip(drawn, lines).map { String($0.text + $1.tail) }
        return Drawing(lines: texts, caret: caret.map { String(repeating: " ", count: $0) + String(MarbleTheme.caret) })
    }

    /// Each of `frames` (those with events, in order), after a progression if more than `longestRun` frames before it
    /// have no event.
    private static func frameSlots(_ frames: [Int], of lines: [Line], longestRun: Int64) -> [(
        frame: Int, progression: Int
    )] {
        var slots: [(frame: Int, progression: Int)] = []
        var free = 0
        for frame in frames {
            if Int64(frame - free) > longestRun { slots.append((free, frame - free)) }
            slots.append((frame, 0))
            // The widest item at this frame covers the frames after it.
            let width = lines.compactMap { $0.items.first { $0.slot == frame }?.width }.max() ?? 1
            free = max(free, frame + width)
        }
        return slots
    }
}
