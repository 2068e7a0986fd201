/// Lays out one or more marble lines on one time axis: the one place where
/// symbols become columns, for every marble line StreamTrace draws.
///
/// The axis is a list of slots, points of time in order; each line has at
/// most one item per slot: one symbol, or a group `(ab|)` of events at the
/// same time. A slot's column is at least its `ideal` column (`show`'s
/// scale) and at least `gap` ticks after the previous slot's widest item
/// (a failure line's relative gaps), the same on every line, so lines drawn
/// together stay aligned and a caret can point at a slot in all of them.
///
/// ```swift
/// let layout = MarbleLayout(slots: [.init(gap: 1), .init(gap: 3)])
/// let drawing = layout.draw([
///     .init(items: [.init(slot: 0, symbols: ["a"]), .init(slot: 1, symbols: ["b", "|"])]),
///     .init(items: [.init(slot: 0, symbols: ["a"]), .init(slot: 1, symbols: ["c"])], tail: ["-"]),
/// ])
/// let lines = drawing.lines  // ["-a---(b|)", "-a---c-"]
/// let caret = drawing.caret  // "     ^"
/// ```
package struct MarbleLayout {
    /// A point on the axis.
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

    /// One line: its items in slot order, `…` before them when earlier
    /// events are not drawn, and what follows the last one.
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
        /// A line with `^` under the first slot where the lines differ
        /// (`nil` if they do not).
        package var caret: String?
    }

    package let slots: [Slot]
    /// The columns the lines must fit in, and are filled to with ticks
    /// (`nil`: as long as they need). Groups that do not fit are drawn `*`.
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

    /// Each slot's column: its ideal one, pushed on by the slots before it,
    /// then pulled back where the last ones would pass the width.
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
