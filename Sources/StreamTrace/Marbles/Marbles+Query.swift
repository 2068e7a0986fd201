extension StreamExpectations.Marbles<RawJSON, TraceFailure>: TraceExpectation, QueryExpectation {
    /// `marbles "-a-b-|" [frame 10ms] [values {"a": 1}]`: the diagram a
    /// JSON string (so that `#` and spaces survive spec files), elements
    /// compared with `values` by JSON equality, an element `values` does
    /// not name equal to its name as a string. It keeps every element's
    /// value and time.
    package static var query: QueryDefinition<Self> {
        var syntax = QuerySyntax(
            keyword: "marbles", arguments: [.diagram],
            clauses: [
                QueryClause(word: "frame", argument: .frame, isRequired: false),
                QueryClause(word: "values", argument: .values, isRequired: false),
            ]
        ) { arguments in
            guard case .diagram(let text, let diagram)? = arguments["JSON-STRING"] else {
                return Self("", values: [:], error: nil, frame: .milliseconds(1))
            }
            let names = diagram.events.compactMap { event -> Character? in
                if case .element(let name) = event.symbol { name } else { nil }
            }
            var values: [Character: RawJSON] = [:]
            if case .elementValues(let given)? = arguments["values"] { values = given }
            for name in names where values[name] == nil { values[name] = RawJSON(.string(String(name))) }
            var frame = Duration.milliseconds(1)
            if case .duration(let given)? = arguments["frame"] { frame = given }
            return Self(text, values: values, error: nil, frame: frame)
        }
        syntax.refusesWithinAndMatcher = "its diagram says when each event comes and what it is"
        return QueryDefinition(
            syntax, keeps: .everything,
            reasons: [
                QueryReason(.valueMismatch, when: "an element has another value than the diagram's in its frame"),
                QueryReason(.differentEvent, when: "an event of another kind (an element where it fails …)"),
                QueryReason(.unexpectedEvent, when: "an event in a frame where the diagram has none, or after it"),
                QueryReason(.missingEvent, when: "the diagram's event is not in its frame, and the stream went on"),
                QueryReason(.earlyCompletion, when: "the stream ended as the diagram does, in an earlier frame"),
                QueryReason(.lateCompletion, when: "the stream ended as the diagram does, in a later frame"),
                QueryReason(.notReached, when: "the trace ends before the diagram's event"),
            ],
            summary: "the trace drawn as a marble diagram: each frame holds exactly its events (docs/marbles.md)",
            passes: "nothing: every frame holds the diagram's events")
    }
}

extension QueryArgument {
    /// `JSON-STRING`: a marble diagram as a JSON string (`"-a-b-|"`), read
    /// with the frame of 1 ms to report its errors at their column; the
    /// argument is its text and the diagram read.
    static let diagram = QueryArgument(placeholder: "JSON-STRING", canStart: { $0.hasPrefix("\"") }, read: readDiagram)

    /// `DURATION`: a duration longer than zero (`frame 10ms`).
    static let frame = QueryArgument(placeholder: "DURATION", canStart: { _ in true }, read: readFrame)

    /// `JSON-OBJECT`: a JSON object whose keys are element names, one character
    /// each (`values {"a": 1}`); the argument is `[Character: RawJSON]`.
    static let values = QueryArgument(placeholder: "JSON-OBJECT", canStart: { $0.hasPrefix("{") }, read: readValues)

    private static func readDiagram(_ words: inout QueryWords, after: String) throws(QueryParseError) -> Value {
        if let (word, offset) = words.peek(), !word.hasPrefix("\"") {
            throw words.failure(
                "expected a diagram as a JSON string after '\(after)' (\"-a-b|\"), found \(QueryWords.quote(word))",
                at: offset)
        }
        let (json, value, offset) = try words.readJSON(after: after, expected: "a diagram as a JSON string")
        guard case .string(let text) = value else {
            throw words.failure(
                "expected a diagram as a JSON string after '\(after)', found \(value.typeName)", at: offset)
        }
        do {
            return .diagram(text: text, marbles: try MarbleDiagram(text))
        } catch {
            // Where the JSON writes the diagram as is, the column is the character's own.
            let column = error.column ?? 1
            let escaped = json.contains("\\")
            let start = offset + 1 + (escaped ? 0 : String(text.prefix(column - 1)).unicodeScalars.count)
            let place = escaped ? " (column \(column) of the diagram)" : ""
            throw words.failure("\(error.message) in the diagram\(place)", at: escaped ? offset : start)
        }
    }

    private static func readFrame(_ words: inout QueryWords, after: String) throws(QueryParseError) -> Value {
        guard let (word, offset) = words.take() else {
            throw words.failure("expected a duration after '\(after)', like 10ms", at: words.endOffset)
        }
        guard case .duration(let duration) = TimeFormat.parseDuration(word), duration > .zero else {
            throw words.failure(
                "expected a duration longer than zero after '\(after)', like 10ms (units: ns, us, ms, s, m, h), "
                    + "found \(QueryWords.quote(word))", at: offset)
        }
        return .duration(duration)
    }

    private static func readValues(_ words: inout QueryWords, after: String) throws(QueryParseError) -> Value {
        let (_, value, offset) = try words.readJSON(after: after, expected: "a JSON object of element names")
        guard case .object(let object) = value else {
            throw words.failure("expected a JSON object after '\(after)', found \(value.typeName)", at: offset)
        }
        var values: [Character: RawJSON] = [:]
        for entry in object {
            let key = entry.key
            guard key.count == 1, let name = key.first, name != " " else {
                throw words.failure(
                    "the key \(QueryWords.quote(key)) of '\(after)' is not an element name: one character", at: offset)
            }
            values[name] = RawJSON(entry.value)
        }
        return .elementValues(values)
    }
}
