extension MarbleDiagram {
    /// The diagram drawn: a frame without events `-`, with one event its
    /// symbol, with several (or a group as written) `(ab)` and `-` for
    /// the rest of its frames; a time progression as written, with a
    /// space before and after it unless it starts or ends the diagram.
    /// A diagram written that way (no other spaces) draws its own text.
    ///
    /// ```swift
    /// let text = try MarbleDiagram("a 9ms b  (c|)", frame: .milliseconds(1)).text  // "a 9ms b(c|)"
    /// ```
    package var text: String {
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
    package static func draw(_ count: Int, _ symbols: [Character]) -> String {
        if symbols.isEmpty { return String(repeating: "-", count: count) }
        if symbols.count == 1, count == 1 { return String(symbols[0]) }
        return "(" + String(symbols) + ")" + String(repeating: "-", count: max(count - symbols.count - 2, 0))
    }
}
