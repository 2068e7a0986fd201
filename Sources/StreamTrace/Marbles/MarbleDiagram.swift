/// A marble diagram, read as RxJS's TestScheduler reads marbles in run mode (the grammar is in docs/marbles.md). Time 0
/// is the subscription; every character takes one frame (1 ms by default), spaces none. `|` is finished, `#` failure,
/// `!` cancel, `^` a hot source's subscription point (what stands before it happened earlier); any other grapheme is an
/// element. `( )` puts its events on the frame where it opens and takes a frame per character, parentheses included. A
/// time progression (`10ms`, `1.2s`, `1m`) between spaces or the diagram's ends moves time on: `-a 8ms (bc)|` has a at
/// 1ms, b and c at 10ms, finished at 14ms.
package struct MarbleDiagram: Sendable, Hashable {
    /// What an event is: an element named by its character, or an end.
    package typealias Symbol = MarbleMark<Character>

    package struct Event: Sendable, Hashable {
        package var symbol: Symbol
        /// Nanoseconds since the subscription; negative before `^`.
        package var nanoseconds: Int64
        /// The 1-based column of its character in the text.
        package var column: Int
    }

    /// What the diagram is made of, in order; spaces are not kept (they take no time).
    package enum Token: Sendable, Hashable {
        /// `frames` frames from the token's time, its events on the first: `-` is one frame without events, `a` one
        /// with one event, `(ab)` four frames with two events.
        case frames(Int, events: [Event])
        /// Time moved on by a time progression, as written (`1.2s`).
        case progression(nanoseconds: Int64, text: String)
        /// `^`: the subscription (one frame, at time 0).
        case subscription
    }

    package var tokens: [Token]
    /// The duration of one frame, in nanoseconds (more than zero).
    package var frame: Int64
    /// When the first character's time starts, in nanoseconds since the subscription: 0, or negative before `^`.
    package var start: Int64

    /// Every event, in time order (an element of a group in its place in the group).
    package var events: [Event] {
        tokens.flatMap { token -> [Event] in
            if case .frames(_, let events) = token { return events }
            return []
        }
    }

    /// Where the diagram ends: the time after the last character, in nanoseconds since the subscription.
    package var end: Int64 {
        tokens.reduce(start) { time, token in
            switch token {
            case .frames(let count, _): time &+ Int64(count) &* frame
            case .progression(let nanoseconds, _): time &+ nanoseconds
            case .subscription: time &+ frame
            }
        }
    }

    /// Whether the diagram has `^`.
    package var isHot: Bool { tokens.contains(.subscription) }

    /// The frame that time `nanoseconds` since the subscription falls in: ⌊t / frame⌋.
    package func frameIndex(of nanoseconds: Int64) -> Int64 {
        let (quotient, remainder) = nanoseconds.quotientAndRemainder(dividingBy: frame)
        return remainder < 0 ? quotient - 1 : quotient
    }
}

extension MarbleMark<Character> {
    /// The character that draws it in a diagram: an element's name, or the end's ``MarbleTheme`` symbol.
    package var character: Character {
        if case .element(let name) = self { name } else { MarbleTheme.symbol(kind)! }
    }
}

extension MarbleDiagram {
    /// Reads `text`, `frame` a frame.
    ///
    /// - Throws: ``MarbleSyntaxError`` naming the column at fault, or the frame if it is not longer than zero.
    package init(_ text: String, frame: Duration = .milliseconds(1)) throws(MarbleSyntaxError) {
        let nanoseconds = TimeFormat.nanoseconds(frame)
        guard nanoseconds > 0 else {
            throw MarbleSyntaxError(
                diagram: text, column: nil,
                message: "a frame must be longer than zero, got \(TimeFormat.short(nanoseconds))")
        }
        var parser = MarbleParser(text, frame: nanoseconds)
        self = try parser.parse()
    }

    /// Reads `text` as an expectation's diagram (``StreamExpectations/Marbles``, ``StreamExpectations/GroupMarbles``):
    /// it starts at the subscription, so nothing stands before a `^`.
    ///
    /// - Throws: ``MarbleSyntaxError`` naming the column at fault.
    package init(expected text: String, frame: Duration) throws(MarbleSyntaxError) {
        try self.init(text, frame: frame)
        if let early = events.first(where: { $0.nanoseconds < 0 }) {
            throw MarbleSyntaxError(
                diagram: text, column: early.column,
                message: "'\(early.symbol.character)' before '^': an expected diagram starts at the subscription")
        }
    }

    /// The value of each event (`nil` for an end): an element's from `values`, else, where `Element` is `String`, its
    /// own character.
    ///
    /// - Throws: ``MarbleSyntaxError`` at the first element without a value.
    package func values<Element>(_ values: [Character: Element], text: String) throws(MarbleSyntaxError) -> [Element?] {
        var resolved: [Element?] = []
        for event in events {
            guard case .element(let name) = event.symbol else {
                resolved.append(nil)
                continue
            }
            guard let value = values[name] ?? (String(name) as? Element) else {
                let names = values.keys.map(String.init).sorted().joined(separator: ", ")
                throw MarbleSyntaxError(
                    diagram: text, column: event.column,
                    message: "'\(name)' has no value (values has \(names.isEmpty ? "none" : names))")
            }
            resolved.append(value)
        }
        return resolved
    }
}
