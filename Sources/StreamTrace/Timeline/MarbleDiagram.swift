/// A one-line marble diagram of a recording: `-a--b-----c-|`.
///
/// Time runs left to right, scaled to the width; `-` is time passing, a
/// letter is an element (`a`, `b`, … or `o` when there are more than 26),
/// `|` the stream finished, `X` it failed, `!` the subscriber cancelled.
/// Events that fall in the same column move right when there is room, and
/// show as `*` when there is none.
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
        var columns = Array(repeating: Character("-"), count: width)
        var occupied = Array(repeating: false, count: width)
        var crowded = false
        var letter = 0
        for event in drawn {
            let symbol: Character
            switch event.kind {
            case .value:
                symbol = useLetters ? Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(letter))) : "o"
                letter += 1
            case .finished: symbol = "|"
            case .failure: symbol = "X"
            default: symbol = "!"
            }
            let offset = Double(event.nanoseconds - start)
            var column = span == 0 ? 0 : Int((offset / Double(span) * Double(width - 1)).rounded())
            column = min(max(column, 0), width - 1)
            while column < width - 1, occupied[column] { column += 1 }
            if occupied[column] {
                columns[column] = "*"
                crowded = true
            } else {
                columns[column] = symbol
                occupied[column] = true
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
