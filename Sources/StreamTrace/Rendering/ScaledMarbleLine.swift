/// A whole recording drawn over a fixed number of columns, time
/// proportional — `show`'s diagram: `-a--b-----c-|` — built one event at a
/// time in memory bounded by the width, whatever the number of events.
///
/// The recording's span and how many events will be drawn are known
/// beforehand (from a ``TraceSummary``), so each event's column is known
/// when it arrives. When the drawn events fit in the width they are kept
/// and nudged apart, keeping their order; when there are more events than
/// columns, several share a column (the theme's crowded symbol), and only
/// the columns are kept.
package struct ScaledMarbleLine: Sendable {
    private let theme: MarbleTheme
    private let start: Int64
    private let span: Int64
    private let width: Int
    /// Whether every drawn event gets a column of its own.
    private let fits: Bool
    private let letters: Bool
    private var positions: [Int] = []
    private var symbols: [Character] = []
    private var columns: [Character]
    private var elementIndex = 0
    private var kinds: Set<EventKind> = []

    /// A line over `width` columns for events from `start` to `end`, of
    /// which `drawnCount` (elements and the end) will be drawn,
    /// `elementCount` of them elements.
    package init(
        start: Int64, end: Int64, width: Int, drawnCount: Int, elementCount: Int, theme: MarbleTheme = .terminal
    ) {
        self.theme = theme
        self.start = start
        self.span = max(end - start, 0)
        self.width = max(width, 1)
        self.fits = drawnCount <= max(width, 1)
        self.letters = elementCount <= 26
        self.columns = Array(repeating: theme.tick, count: max(width, 1))
    }

    /// Draws an event (subscriptions and requests are not drawn).
    package mutating func append(nanoseconds: Int64, kind: EventKind) {
        guard kind != .subscribe, kind != .request else { return }
        kinds.insert(kind)
        let symbol: Character
        if kind == .value {
            symbol = letters ? Self.letter(elementIndex) : theme.unknownValue
            elementIndex += 1
        } else {
            symbol = theme.symbol(kind)
        }
        let offset = Double(nanoseconds &- start)
        let column = span == 0 ? 0 : Int((offset / Double(span) * Double(width - 1)).rounded())
        let position = min(max(column, 0), width - 1)
        if fits {
            positions.append(position)
            symbols.append(symbol)
        } else {
            columns[position] = columns[position] == theme.tick ? symbol : theme.crowded
        }
    }

    /// The diagram.
    package var line: String {
        guard fits else { return String(columns) }
        var columns = Array(repeating: theme.tick, count: width)
        for (position, symbol) in zip(Self.nudged(positions, width: width), symbols) { columns[position] = symbol }
        return String(columns)
    }

    /// The kinds drawn so far (elements, and the terminal event).
    package var drawnKinds: Set<EventKind> { kinds }
    /// How many elements were drawn.
    package var drawnElements: Int { elementIndex }
    /// Whether elements are letters (`a` … `z`), not `o`.
    package var usesLetters: Bool { letters }
    /// Whether several events may share a column (`*`).
    package var isCrowded: Bool { !fits }

    /// What the symbols drawn mean.
    package var legend: String {
        Self.legend(
            kinds: kinds, elementCount: elementIndex, crowded: !fits, theme: theme)
    }

    /// The legend of a line drawing these kinds: `a, b: elements   |: finished   X: failure   !: cancel   *: several events`.
    package static func legend(kinds: Set<EventKind>, elementCount: Int, crowded: Bool, theme: MarbleTheme = .terminal)
        -> String
    {
        var parts: [String] = []
        if elementCount > 0 {
            if elementCount <= 26 {
                let names = (0..<elementCount).map { String(letter($0)) }
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

    /// Positions nudged so that each has a column of its own, in order
    /// (they fit in `width`).
    static func nudged(_ positions: [Int], width: Int) -> [Int] {
        var positions = positions
        for i in positions.indices.dropFirst() { positions[i] = max(positions[i], positions[i - 1] + 1) }
        if let last = positions.last, last > width - 1 {
            positions[positions.count - 1] = width - 1
            for i in positions.indices.dropLast().reversed() { positions[i] = min(positions[i], positions[i + 1] - 1) }
        }
        return positions
    }

    static func letter(_ index: Int) -> Character {
        Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(index)))
    }
}
