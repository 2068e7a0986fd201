/// A one-line marble diagram of a recording: `-a--b-----c-|`.
///
/// Time runs left to right, scaled to the width; `-` is time passing, a
/// letter is an element (`a`, `b`, … or `o` when there are more than 26),
/// `|` the stream finished, `X` it failed, `!` the subscriber cancelled.
/// Events that fall in the same column are nudged apart, keeping their
/// order; only when there are more events than columns do some share a
/// column, shown as `*`.
///
/// ```swift
/// let diagram = MarbleDiagram(events: [(0, .value), (5, .value), (10, .finished)], width: 11)
/// diagram.line     // "a----b----|"
/// diagram.legend   // "a, b: elements   |: finished"
/// ```
public struct MarbleDiagram: Sendable, Equatable {
    /// The diagram.
    public var line: String
    /// What its symbols mean, for the symbols it uses.
    public var legend: String

    /// Draws `events` (time in nanoseconds and kind) in `width` columns.
    public init(events: [(nanoseconds: Int64, kind: EventKind)], width: Int) {
        let width = max(width, 1)
        let drawn = events.filter { $0.kind != .subscribe && $0.kind != .request }
        let elementCount = drawn.count { $0.kind == .value }
        let useLetters = elementCount <= 26
        let start = events.first?.nanoseconds ?? 0
        let span = max((events.last?.nanoseconds ?? 0) - start, 0)
        var symbols: [Character] = []
        var letter = 0
        for event in drawn {
            switch event.kind {
            case .value:
                symbols.append(useLetters ? Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(letter))) : "o")
                letter += 1
            case .finished: symbols.append("|")
            case .failure: symbols.append("X")
            default: symbols.append("!")
            }
        }
        // Each event at its time, then nudged so that every event has a
        // column of its own, in order, when there are enough columns.
        var positions = drawn.map { event -> Int in
            let offset = Double(event.nanoseconds - start)
            let column = span == 0 ? 0 : Int((offset / Double(span) * Double(width - 1)).rounded())
            return min(max(column, 0), width - 1)
        }
        let fits = positions.count <= width
        if fits {
            for i in positions.indices.dropFirst() { positions[i] = max(positions[i], positions[i - 1] + 1) }
            if let last = positions.last, last > width - 1 {
                positions[positions.count - 1] = width - 1
                for i in positions.indices.dropLast().reversed() { positions[i] = min(positions[i], positions[i + 1] - 1) }
            }
        }
        var columns = Array(repeating: Character("-"), count: width)
        var crowded = false
        for (position, symbol) in zip(positions, symbols) {
            if columns[position] == "-" {
                columns[position] = symbol
            } else {
                columns[position] = "*"
                crowded = true
            }
        }
        line = String(columns)

        var parts: [String] = []
        if elementCount > 0 {
            if useLetters {
                let letters = (0..<elementCount).map { String(Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8($0)))) }
                parts.append("\(letters.joined(separator: ", ")): element\(elementCount == 1 ? "" : "s")")
            } else {
                parts.append("o: element")
            }
        }
        if drawn.contains(where: { $0.kind == .finished }) { parts.append("|: finished") }
        if drawn.contains(where: { $0.kind == .failure }) { parts.append("X: failure") }
        if drawn.contains(where: { $0.kind == .cancel }) { parts.append("!: cancel") }
        if crowded { parts.append("*: several events") }
        legend = parts.joined(separator: "   ")
    }
}
