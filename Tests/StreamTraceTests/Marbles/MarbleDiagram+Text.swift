@testable import StreamTrace

/// A diagram drawn back as text, as only tests draw one.
extension MarbleDiagram {
    /// The diagram drawn: a frame without events `-`, with one event its symbol, with several (or a group as written)
    /// `(ab)` and `-` for the rest of its frames; a time progression as written, between spaces unless it starts or
    /// ends the diagram. A diagram written that way draws its own text: `a 9ms b  (c|)` draws `a 9ms b(c|)`.
    var text: String {
        var text = ""
        for (position, token) in tokens.enumerated() {
            switch token {
            case .frames(let count, let events):
                text += Self.draw(count, events.map(\.symbol.character))
            case .progression(_, let written):
                if !text.isEmpty, text.last != " " { text.append(" ") }
                text += written
                if position < tokens.count - 1 { text.append(" ") }
            case .subscription:
                text.append("^")
            }
        }
        return text
    }

    /// `count` frames holding `symbols` on the first: `-`, `a`, `(ab)--`.
    static func draw(_ count: Int, _ symbols: [Character]) -> String {
        if symbols.isEmpty { return String(repeating: "-", count: count) }
        if symbols.count == 1, count == 1 { return String(symbols[0]) }
        return "(" + String(symbols) + ")" + String(repeating: "-", count: max(count - symbols.count - 2, 0))
    }
}
