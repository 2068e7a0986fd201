/// Whole recordings drawn over a fixed number of columns, time proportional, one line per stream on one axis with one
/// lettering (`show`'s diagram), built one event at a time in memory bounded by the width: the span is known beforehand
/// (``TraceSummary``), so each event's column is known on arrival. Groups push what follows right while the line has
/// room; where it has none, a column of several events is drawn `*`. Elements are lettered by their compact JSON text;
/// the legend names each value as far as the width shows.
package struct ScaledMarbleLines: Sendable {
    /// A value as lettering compares it: its text's hash and length, so a large value is not kept to be compared.
    package struct ValueKey: Hashable, Sendable {
        var hash: Int
        var length: Int

        /// The key of a text of `length` UTF-8 bytes that hash to `hash` (given to a fresh `Hasher` in one call).
        package init(hash: Int, length: Int) {
            self.hash = hash
            self.length = length
        }

        package init(_ text: String) {
            var hasher = Hasher()
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            hash = hasher.finalize()
            length = text.utf8.count
        }
    }

    /// One line's columns: the symbols of each (all of them while the line has no more events than columns, then only
    /// a column's first), and how many events each has.
    private struct Lane: Sendable {
        var symbols: [[Character]]
        var counts: [Int]
        var total = 0

        /// The columns with events: a group where every event of the column was kept, else `*`.
        var layoutLine: MarbleLayout.Line {
            let items = counts.indices.filter { counts[$0] > 0 }.map { column in
                let kept = symbols[column]
                return MarbleLayout.Item(
                    slot: column, symbols: kept.count == counts[column] ? kept : [MarbleTheme.crowded])
            }
            return MarbleLayout.Line(items: items)
        }
    }

    private let start: Int64
    private let span: Int64
    private let width: Int
    private var lanes: [Lane]
    private var lettering: MarbleLettering<ValueKey>

    /// `lines` lines over `width` columns for events from `start` to `end`, lettered on from `lettering`.
    package init(
        start: Int64, end: Int64, width: Int, lines: Int = 1, lettering: MarbleLettering<ValueKey> = .init()
    ) {
        self.start = start
        self.span = max(end &- start, 0)
        self.width = max(width, 1)
        let empty = Lane(
            symbols: Array(repeating: [], count: max(width, 1)), counts: Array(repeating: 0, count: max(width, 1)))
        self.lanes = Array(repeating: empty, count: max(lines, 1))
        self.lettering = lettering
    }

    /// Draws an event of line `line` at `nanoseconds` (its own time by default); subscribe and request are not drawn.
    package mutating func append(_ event: TraceEvent, at nanoseconds: Int64? = nil, line: Int = 0) {
        let symbol: Character
        switch event.event {
        case .value(let value): symbol = Self.letter(of: value, in: &lettering, labelWidth: width)
        default:
            guard let terminal = MarbleTheme.symbol(event.event.kind) else { return }
            symbol = terminal
        }
        append(symbol, at: nanoseconds ?? event.nanoseconds, line: line)
    }

    /// Draws an element of line `line` whose value (its compact JSON text) has `key`; `label` names it in the legend,
    /// cut to the columns it is given (asked only for a value not lettered yet).
    package mutating func appendValue(
        _ key: ValueKey, at nanoseconds: Int64, line: Int = 0, label: (Int) -> String
    ) {
        append(lettering.letter(for: key, label: label(width)), at: nanoseconds, line: line)
    }

    /// Whether every letter is given: a value not lettered yet is drawn `?`.
    package var isLettered: Bool { lettering.isFull }

    /// Whether an element of line `line` at `nanoseconds` is drawn with its own symbol, so that its key matters: all
    /// of them while letters are given, else those drawn where they land (see ``append(_:at:line:count:)``).
    package func needsKey(at nanoseconds: Int64, line: Int = 0) -> Bool {
        !lettering.isFull || lanes[line].total < width || lanes[line].symbols[column(of: nanoseconds)].isEmpty
    }

    private func column(of nanoseconds: Int64) -> Int {
        let offset = Double(nanoseconds &- start)
        let column = span == 0 ? 0 : Int((offset / Double(span) * Double(width - 1)).rounded())
        return min(max(column, 0), width - 1)
    }

    /// Draws `count` events at `nanoseconds`, the first drawn `symbol`.
    package mutating func append(_ symbol: Character, at nanoseconds: Int64, line: Int = 0, count: Int = 1) {
        let position = column(of: nanoseconds)
        lanes[line].total += count
        lanes[line].counts[position] += count
        if lanes[line].total <= width || lanes[line].symbols[position].isEmpty {
            lanes[line].symbols[position].append(symbol)
        }
    }

    /// The letter of a value, by its compact JSON text; the legend names it as far as `labelWidth` columns show.
    package static func letter(
        of value: JSONValue, in lettering: inout MarbleLettering<ValueKey>, labelWidth: Int
    ) -> Character {
        let text = value.jsonText
        return lettering.letter(
            for: ValueKey(text), label: TextLayout.truncated(TerminalText.escaped(text), to: labelWidth))
    }

    /// The diagrams, one per line, each `width` columns.
    package var lines: [String] {
        let slots = (0..<width).map { MarbleLayout.Slot(ideal: $0) }
        return MarbleLayout(slots: slots, width: width).draw(lanes.map(\.layoutLine)).lines
    }

    /// Each letter drawn and its value (`a = {"id":1}`), then what the other symbols drawn mean (`|: finished`).
    package var legend: [String] {
        let lines = lines
        return lettering.legend(of: lines) + MarbleTheme.meanings(of: Set(lines.joined()))
    }
}
