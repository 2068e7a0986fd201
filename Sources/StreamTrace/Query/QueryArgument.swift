/// What follows a keyword (`3` in `prefix 3`) or a clause's word (`== 3` in `where == 3`), of one kind: a kind reads
/// its own words, so an expectation can take a new kind of argument without a change to the parser.
package struct QueryArgument: Sendable {
    /// How help and the docs write it: `N`, `MATCHER`.
    package var placeholder: String
    /// Whether a word can start it, where it is optional: `next` and `next N` share their keyword.
    package var canStart: @Sendable (String) -> Bool
    /// Reads it from the words, after the keyword or clause word that messages name.
    package var read: @Sendable (inout QueryWords, _ after: String) throws(QueryParseError) -> Value

    package enum Value: Sendable {
        /// `N`: `3` in `prefix 3`.
        case wholeNumber(Int)
        /// `MATCHER`: `== 3` in `where == 3`.
        case matcher(QueryMatcher)
        /// `JSON-STRING`: a marble diagram, its text and the diagram read.
        case diagram(text: String, marbles: MarbleDiagram)
        /// `DURATION`: `10ms` in `frame 10ms`.
        case duration(Duration)
        /// `JSON-OBJECT` of element names: `{"a": 1}` in `values {"a": 1}`.
        case elementValues([Character: RawJSON])
        /// `STREAM [MATCHER]`: a value of a group's stream, which the matcher (if any) accepts: `results == "x"`.
        case streamEvent(stream: String, matcher: QueryMatcher?)
        /// `STREAM finished`, `STREAM failed`, `STREAM cancelled`: a group's stream's end.
        case streamEnd(stream: String, end: EventKind)
    }
}

extension QueryArgument {
    package static let wholeNumber = QueryArgument(
        placeholder: "N", canStart: { $0.first?.isNumber == true || $0.first == "-" }, read: readWholeNumber)

    /// `MATCHER`: any ``QueryMatcher``, numeric comparisons too (`where > 3`); its JSON runs to the end of the query.
    package static let matcher = QueryArgument(
        placeholder: "MATCHER", canStart: { QueryMatcher.symbols.contains($0) }, read: readMatcher)

    private static func readWholeNumber(_ words: inout QueryWords, after: String) throws(QueryParseError) -> Value {
        guard let (word, offset) = words.take() else {
            throw words.failure("expected a whole number after '\(after)'", at: words.endOffset)
        }
        guard word.allSatisfy(\.isASCII), word.allSatisfy(\.isNumber), let count = Int(word) else {
            throw words.failure("expected a whole number after '\(after)', found \(QueryWords.quote(word))", at: offset)
        }
        return .wholeNumber(count)
    }

    private static func readMatcher(_ words: inout QueryWords, after: String) throws(QueryParseError) -> Value {
        let expected = "a matcher after '\(after)' (\(QueryMatcher.symbolList))"
        guard let (symbol, offset) = words.take() else {
            throw words.failure("expected \(expected)", at: words.endOffset)
        }
        guard QueryMatcher.symbols.contains(symbol) else {
            throw words.failure("unexpected \(QueryWords.quote(symbol)); expected \(expected)", at: offset)
        }
        return .matcher(try words.readMatcher(symbol, at: offset, numeric: true))
    }
}

extension QueryArgument {
    /// `STREAM [MATCHER]` or `STREAM finished|failed|cancelled`: an event of one stream of a group, for the queries that
    /// compare the streams' events (`order query == "b" before results == "x"`). The matcher's JSON is one value: the
    /// query goes on after it.
    package static let streamEvent = QueryArgument(
        placeholder: "STREAM [MATCHER]", canStart: QueryWords.canStartStreamName, read: readStreamEvent)

    /// The ends `STREAM` may be followed by, by the word a query writes.
    static let streamEnds: [(word: String, kind: EventKind)] = [
        ("finished", .finished), ("failed", .failure), ("cancelled", .cancel),
    ]

    private static func readStreamEvent(_ words: inout QueryWords, after: String) throws(QueryParseError) -> Value {
        let stream = try words.readStreamName(after: after)
        guard let (word, _) = words.peek() else { return .streamEvent(stream: stream, matcher: nil) }
        if let end = streamEnds.first(where: { $0.word == word }) {
            _ = words.take()
            return .streamEnd(stream: stream, end: end.kind)
        }
        guard QueryMatcher.symbols.contains(word) else { return .streamEvent(stream: stream, matcher: nil) }
        _ = words.take()
        let operand = try words.readJSON(after: word, expected: "a JSON value")
        if let matcher = QueryMatcher(symbol: word, operand: operand.value) {
            return .streamEvent(stream: stream, matcher: matcher)
        }
        guard case .number(let number) = operand.value else {
            throw words.failure(
                "expected a number after \(QueryWords.quote(word)), found \(operand.value.typeName)", at: operand.offset
            )
        }
        return .streamEvent(stream: stream, matcher: QueryMatcher(symbol: word, number: number))
    }
}
