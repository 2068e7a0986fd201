/// Reads a marble diagram into ``MarbleDiagram`` a grapheme at a time, as RxJS's `TestScheduler.parseMarbles` does in
/// run mode; where RxJS reads nonsense silently (an unclosed group, an element past the end), this names the column.
struct MarbleParser {
    private let text: String
    private let characters: [Character]
    private let frame: Int64
    private var index = 0
    /// Nanoseconds since the first character.
    private var time: Int64 = 0
    private var tokens: [MarbleDiagram.Token] = []
    /// The group being read: where it opened, its frames so far, its events.
    private var group: (column: Int, start: Int64, frames: Int, events: [MarbleDiagram.Event])?
    /// The event that ended the stream, once read.
    private var ending: MarbleDiagram.Event?
    /// Where `^` stands, and its time since the first character.
    private var subscription: (column: Int, time: Int64)?

    init(_ text: String, frame: Int64) {
        self.text = text
        self.characters = Array(text)
        self.frame = frame
    }

    private var column: Int { index + 1 }

    mutating func parse() throws(MarbleSyntaxError) -> MarbleDiagram {
        while index < characters.count {
            try read(characters[index])
        }
        if let group { throw error(at: group.column, "'(' is never closed") }
        let origin = subscription?.time ?? 0
        let shifted = tokens.map { token -> MarbleDiagram.Token in
            guard case .frames(let count, var events) = token else { return token }
            for index in events.indices { events[index].nanoseconds -= origin }
            return .frames(count, events: events)
        }
        return MarbleDiagram(tokens: shifted, frame: frame, start: -origin)
    }

    private mutating func read(_ character: Character) throws(MarbleSyntaxError) {
        switch character {
        case " ":
            index += 1
        case "-":
            if group == nil { tokens.append(.frames(1, events: [])) }
            try advance()
        case "(":
            if let group { throw error("'(' inside the group opened at column \(group.column)") }
            group = (column, time, 0, [])
            try advance()
        case ")":
            guard var closed = group else { throw error("')' closes no group") }
            if closed.events.isEmpty { throw error("an empty group: '()' holds no event") }
            closed.frames += 1
            tokens.append(.frames(closed.frames, events: closed.events))
            group = nil
            try advance()
        case "^":
            if let group { throw error("'^' inside the group opened at column \(group.column)") }
            if let subscription { throw error("a second '^' (the first is at column \(subscription.column))") }
            subscription = (column, time)
            tokens.append(.subscription)
            try advance()
        default:
            if try readProgression() { return }
            try readEvent(character)
        }
    }

    /// Moves one frame on (counting it in the open group), past the character.
    private mutating func advance() throws(MarbleSyntaxError) {
        if group != nil { group!.frames += 1 }
        try move(by: frame)
        index += 1
    }

    private mutating func move(by nanoseconds: Int64) throws(MarbleSyntaxError) {
        let (sum, overflow) = time.addingReportingOverflow(nanoseconds)
        guard !overflow else { throw error("the diagram is too long: it passes \(Int64.max) nanoseconds") }
        time = sum
    }

    private mutating func readEvent(_ character: Character) throws(MarbleSyntaxError) {
        if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            || (character.isWhitespace && character != " ")
        {
            throw error("\(Self.named(character)) is not a marble: only spaces align a diagram")
        }
        let symbol = MarbleTheme.mark(of: character)
        if let ending {
            throw error(
                "'\(character)' after the stream ended ('\(ending.symbol.character)' at column \(ending.column))")
        }
        let event = MarbleDiagram.Event(symbol: symbol, nanoseconds: group?.start ?? time, column: column)
        if symbol.isTerminal { ending = event }
        if group != nil {
            group!.events.append(event)
        } else {
            tokens.append(.frames(1, events: [event]))
        }
        try advance()
    }

    /// Reads a time progression (`10ms`, `1.2s`) if one stands here: at the start or after a space, digits with an
    /// optional fraction and a unit, then a space or the end. Elsewhere digits are elements.
    private mutating func readProgression() throws(MarbleSyntaxError) -> Bool {
        guard index == 0 || characters[index - 1] == " ",
            let length = MarbleTimeProgression.length(in: characters[index...])
        else { return false }
        let word = String(characters[index..<index + length])
        let nanoseconds: Int64
        switch TimeFormat.parseDuration(word) {
        case .duration(let duration): nanoseconds = TimeFormat.nanoseconds(duration)
        case .subNanosecond: throw error("\(word) is not a whole number of nanoseconds")
        case .tooLong, .invalid: throw error("\(word) is too long: at most \(Int64.max) nanoseconds")
        }
        if let group { throw error("a time progression inside the group opened at column \(group.column)") }
        try move(by: nanoseconds)
        tokens.append(.progression(nanoseconds: nanoseconds, text: word))
        index += length
        return true
    }

    /// The error at `column`, else at the character being read.
    private func error(at column: Int? = nil, _ message: String) -> MarbleSyntaxError {
        MarbleSyntaxError(diagram: text, column: column ?? self.column, message: message)
    }

    /// A character that does not show itself: `a tab`, `U+000A`.
    private static func named(_ character: Character) -> String {
        switch character {
        case "\t": return "a tab"
        case "\n", "\r", "\r\n": return "a line break"
        default:
            let codes = character.unicodeScalars.map { scalar in
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return "U+" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex
            }
            return codes.joined(separator: " ")
        }
    }
}
