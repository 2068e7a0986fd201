/// A diagram's events as a ``TestStream`` plays them, each with its value (or error) and time since the subscription.
struct MarblePlayback<Element: Sendable>: Sendable {
    enum Step: Sendable {
        case element(Element)
        case finished
        case failure(any Error)
    }

    /// The steps in time order, at nanoseconds since the subscription (negative before a hot source's `^`).
    let steps: [(nanoseconds: Int64, step: Step)]
    /// Whether the diagram has `^`: its frames run from the source's creation, not from each subscription.
    let isHot: Bool
    /// The value of each element's letter.
    let letters: [Character: Element]
    /// The diagram's `|` or `#` and its time since the subscription, if it has one.
    let end: (symbol: Character, nanoseconds: Int64)?

    /// The steps of `diagram`: elements take their value from `values`, else (for `String` elements) their character;
    /// `#` throws `error`, else a `TraceFailure` naming its column.
    ///
    /// - Throws: ``MarbleSyntaxError`` for an unreadable diagram, an element without a value, or `!`.
    init(_ diagram: String, values: [Character: Element], error: (any Error)?, frame: Duration)
        throws(MarbleSyntaxError)
    {
        let marbles = try MarbleDiagram(diagram, frame: frame)
        let resolved = try marbles.values(values, text: diagram)
        var steps: [(nanoseconds: Int64, step: Step)] = []
        var letters: [Character: Element] = [:]
        for (event, value) in zip(marbles.events, resolved) {
            let step: Step
            switch event.symbol {
            case .element(let name):
                step = .element(value!)
                letters[name] = value
            case .finished: step = .finished
            case .failure:
                step = .failure(
                    error ?? TraceFailure(type: "TestStream", message: "'#' at column \(event.column) of \(diagram)"))
            case .cancel:
                throw MarbleSyntaxError(
                    diagram: diagram, column: event.column,
                    message: "'!' is a subscriber's cancel: a source cannot cancel, only end with '|' or '#'")
            }
            steps.append((event.nanoseconds, step))
        }
        self.steps = steps
        self.isHot = marbles.isHot
        self.letters = letters
        end = marbles.events.last.flatMap { $0.symbol.isTerminal ? ($0.symbol.character, $0.nanoseconds) : nil }
    }

    /// The steps a subscriber at `now` sees, with their deadlines: a cold source's all, from `now`; a hot one's from
    /// its creation at `created`: elements due before `now` are gone, an end already reached comes at once.
    func schedule(subscribedAt now: Duration, createdAt created: Duration) -> [(deadline: Duration, step: Step)] {
        guard isHot else { return steps.map { (now + .nanoseconds($0.nanoseconds), $0.step) } }
        return steps.compactMap { nanoseconds, step in
            let deadline = created + .nanoseconds(nanoseconds)
            guard deadline < now else { return (deadline, step) }
            if case .element = step { return nil }
            return (now, step)
        }
    }
}
