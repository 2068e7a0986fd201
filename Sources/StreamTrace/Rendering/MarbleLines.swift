/// Marble lines drawn together on one scale, lettered alike: the one model of every marble line StreamTrace draws.
/// Events are appended one at a time; a line keeps one item per position of its scale (a time, a frame or a column), so
/// `show`'s lines take memory bounded by their width. ``MarbleLayout`` lays the items out in ``MarbleTheme``'s symbols.
package struct MarbleLines<Key: Hashable> {
    /// How time becomes columns.
    package enum Scale: Equatable, Sendable {
        /// Each distinct time a column, one to three ticks between two by the gap's length relative to the longest gap
        /// drawn, the first gap from `start` (none before an event at `start`).
        case compact(start: Int64)
        /// A column a frame of this many nanoseconds from the subscription, an event at `t` in frame ⌊t / frame⌋, as a
        /// marble test reads a diagram (see ``MarbleLayout/drawFrames(_:frame:longestRun:caretFrame:)``).
        case frames(Int64)
        /// `width` columns from `start` to `end`, time proportional (`show`'s diagram): groups push what follows right
        /// while the line has room; once a line has more events than columns, a column keeps only its first symbol and
        /// one of several events is drawn `*`.
        case columns(start: Int64, end: Int64, width: Int)
    }

    package let scale: Scale
    package private(set) var lettering: MarbleLettering<Key>
    /// Each line's items, a position of the scale as their slot, in order.
    private var lines: [MarbleLayout.Line]
    private var totals: [Int]

    /// `lines` lines on `scale` (a `columns` scale at least one column wide), lettered on from `lettering`.
    package init(scale: Scale, lines: Int = 1, lettering: MarbleLettering<Key> = .init()) {
        if case .columns(let start, let end, let width) = scale {
            self.scale = .columns(start: start, end: end, width: max(width, 1))
        } else {
            self.scale = scale
        }
        self.lettering = lettering
        self.lines = Array(repeating: MarbleLayout.Line(items: []), count: max(lines, 1))
        totals = Array(repeating: 0, count: max(lines, 1))
    }

    /// The events a line has at most while every symbol is kept; the columns a value's label is cut to.
    private var limit: Int {
        if case .columns(_, _, let width) = scale { width } else { .max }
    }

    /// Where an event at `nanoseconds` stands on the scale: its time, its frame (`nil` before 0), or its column.
    package func position(of nanoseconds: Int64) -> Int? {
        switch scale {
        case .compact: return Int(nanoseconds)
        case .frames(let frame): return nanoseconds < 0 ? nil : Int(nanoseconds / max(frame, 1))
        case .columns(let start, let end, let width):
            let span = max(end &- start, 0)
            let offset = Double(nanoseconds &- start)
            let column = span == 0 ? 0 : Int((offset / Double(span) * Double(width - 1)).rounded())
            return min(max(column, 0), width - 1)
        }
    }

    /// Draws `count` events of line `line` at `nanoseconds`, the first drawn `symbol`; with `marked`, a caret points at
    /// it (on a compact or columns scale: see ``MarbleLayout/draw(_:)``).
    package mutating func append(
        _ symbol: Character, at nanoseconds: Int64, line: Int = 0, count: Int = 1, marked: Bool = false
    ) {
        guard let position = position(of: nanoseconds) else { return }
        totals[line] += count
        var index = lines[line].items.endIndex
        while index > 0, lines[line].items[index - 1].slot > position { index -= 1 }
        guard index > 0, lines[line].items[index - 1].slot == position else {
            var item = MarbleLayout.Item(slot: position, symbols: [symbol], count: count)
            if marked { item.marked = [0] }
            lines[line].items.insert(item, at: index)
            return
        }
        lines[line].items[index - 1].count += count
        guard totals[line] <= limit else { return }
        if marked { lines[line].items[index - 1].marked.append(lines[line].items[index - 1].symbols.count) }
        lines[line].items[index - 1].symbols.append(symbol)
    }

    /// Draws an element of line `line` lettered by `key`; `label` names its value in the legend (asked only for a value
    /// not lettered yet).
    package mutating func appendValue(
        _ key: Key, label: @autoclosure () -> String, at nanoseconds: Int64, line: Int = 0, marked: Bool = false
    ) {
        append(lettering.letter(for: key, label: label()), at: nanoseconds, line: line, marked: marked)
    }

    /// Whether an element of line `line` at `nanoseconds` is drawn with its own symbol, so that its key matters: all of
    /// them while letters are given, else those drawn where they land (see ``append(_:at:line:count:)``).
    package func needsKey(at nanoseconds: Int64, line: Int = 0) -> Bool {
        guard lettering.isFull, totals[line] >= limit, let position = position(of: nanoseconds) else { return true }
        for item in lines[line].items.reversed() where item.slot <= position { return item.slot != position }
        return true
    }

    /// Line `line` has earlier events not drawn (a leading `…`), and `tail` follows its last event.
    package mutating func setEnds(line: Int, omitsEarlier: Bool, tail: [Character]) {
        lines[line].omitsEarlier = omitsEarlier
        lines[line].tail = tail
    }

    /// The lines laid out, the caret under `caretFrame` (on frames; else under the marked events, or the first slot
    /// where they differ), and the legend (see ``legend(_:of:explainingAll:)``; on columns every symbol drawn is
    /// explained).
    package func drawing(caretFrame: Int64? = nil) -> MarbleLayout.Drawing {
        var drawing: MarbleLayout.Drawing
        switch scale {
        case .frames(let frame):
            drawing = MarbleLayout.drawFrames(lines, frame: max(frame, 1), caretFrame: caretFrame)
        case .columns(_, _, let width):
            drawing = MarbleLayout(slots: (0..<width).map { .init(ideal: $0) }, width: width).draw(lines)
        case .compact(let start):
            let times = Array(Set(lines.flatMap { $0.items.map(\.slot) })).sorted()
            let gaps = zip(times, [Int(start)] + times).map { max($0 &- $1, 0) }
            let longest = gaps.max() ?? 0
            let slots = gaps.map { gap in
                MarbleLayout.Slot(gap: gap == 0 ? 0 : 1 + Int((Double(gap) / Double(longest) * 2).rounded()))
            }
            let slotOf = Dictionary(uniqueKeysWithValues: times.enumerated().map { ($1, $0) })
            let lines = lines.map { line in
                var line = line
                for index in line.items.indices { line.items[index].slot = slotOf[line.items[index].slot]! }
                return line
            }
            drawing = MarbleLayout(slots: slots).draw(lines)
        }
        // On frames, a time progression's letters are not events: the legend names the symbols of the items.
        let frames = lines.map { String($0.items.flatMap(\.symbols)) }
        let isFrames = if case .frames = scale { true } else { false }
        drawing.legend = Self.legend(lettering, of: isFrames ? frames : drawing.lines, explainingAll: limit != .max)
        return drawing
    }

    /// Each letter `drawn` shows and the value it names (`a = {"id":1}`), then what `?` means if drawn, or
    /// (`explainingAll`) what every other symbol drawn means (`|: finished`).
    package static func legend(
        _ lettering: MarbleLettering<Key>, of drawn: [String], explainingAll: Bool = false
    ) -> [String] {
        let symbols = Set(drawn.joined())
        return lettering.legend(of: drawn)
            + MarbleTheme.meanings(of: explainingAll ? symbols : symbols.intersection([MarbleTheme.unnamed]))
    }
}

extension MarbleLines: Sendable where Key: Sendable {}

extension MarbleLines<MarbleValueKey> {
    /// Draws an event of line `line` at `nanoseconds` (its own time by default), an element lettered by its compact
    /// JSON text; subscribe and request are not drawn.
    package mutating func append(_ event: TraceEvent, at nanoseconds: Int64? = nil, line: Int = 0) {
        guard let symbol = lettering.symbol(of: event, labelWidth: limit) else { return }
        append(symbol, at: nanoseconds ?? event.nanoseconds, line: line)
    }
}
