/// Parses the query grammar:
///
/// ```
/// query   = [ "not" ] KEYWORD [ INT ] [ "within" DURATION ] [ "where" MATCHER | MATCHER ]
/// MATCHER = ( "==" | "!=" ) JSON | "contains" JSON
///         | ( "<" | "<=" | ">" | ">=" ) NUMBER       (numbers: count, and after where)
/// DURATION = NUMBER ( "ns" | "us" | "ms" | "s" | "m" )
/// ```
///
/// The keywords and what may follow each come from the expectations'
/// declarations (``QueryLanguage``); the parser knows none of them.
struct QueryParser {
    private var words: QueryWords

    init(_ text: String) {
        words = QueryWords(text)
    }

    static let matcherSymbols = ["==", "!=", "contains", "<=", ">=", "<", ">"]

    private func failure(_ message: String, at column: Int) -> QueryParseError {
        words.failure(message, at: column)
    }

    mutating func parse() throws(QueryParseError) -> Query {
        guard var (word, column) = words.take() else {
            throw failure("empty query: expected an expectation such as single, elements or next", at: 1)
        }
        var arguments = QueryArguments()
        let notColumn = column
        if word == "not" {
            arguments.isInverted = true
            guard let next = words.take() else {
                throw failure(
                    "expected \(QueryLanguage.invertibleForms(joinedBy: "or")) after 'not'", at: words.endColumn)
            }
            (word, column) = next
        }
        var candidates = try syntaxes(named: word, column: column)
        let count = try parseCount(after: word, candidates)
        if let count { arguments.count = count }
        candidates = candidates.filter { $0.takesCount == (count != nil) }
        let written = word + (count.map { " \($0)" } ?? "")
        if arguments.isInverted, !candidates.contains(where: \.isInvertible) {
            throw failure(
                "'not' inverts \(QueryLanguage.invertibleForms(joinedBy: "and")) only, not \(written)", at: notColumn)
        }
        let within = try parseWithin()
        var matcher: QueryMatcher?
        var wherePredicate: QueryMatcher?
        if let (next, nextColumn) = words.take() {
            if next == "where" {
                guard candidates.contains(where: \.takesWhere) else {
                    throw failure(
                        "'where' does not apply to \(written); it follows next: next where MATCHER", at: nextColumn)
                }
                candidates = candidates.filter(\.takesWhere)
                arguments.predicate = try parseWhere(column: nextColumn)
                wherePredicate = arguments.predicate
            } else {
                guard Self.matcherSymbols.contains(next) else {
                    let expected = within == nil ? "'within' or a matcher" : "a matcher"
                    throw failure(
                        "unexpected \(QueryWords.quote(next)); expected \(expected) (==, !=, contains, <, <=, >, >=)",
                        at: nextColumn)
                }
                candidates = candidates.filter { !$0.takesWhere }
                matcher = try parseMatcher(next, column: nextColumn, numeric: candidates.first?.isNumeric ?? false)
            }
        } else {
            candidates = candidates.filter { !$0.takesWhere }
        }
        guard let syntax = candidates.first else {
            throw failure("incomplete query: \(written)", at: words.endColumn)
        }
        return Query(
            text: words.text, expectation: syntax.make(arguments), expectationName: written,
            isInverted: arguments.isInverted,
            within: within, matcher: matcher, wherePredicate: wherePredicate)
    }

    /// The expectations `word` names, or an error that lists the keywords.
    private func syntaxes(named word: String, column: Int) throws(QueryParseError) -> [QuerySyntax] {
        let found = QueryLanguage.syntaxes(named: word)
        guard found.isEmpty else { return found }
        let keywords = QueryLanguage.keywords
        let lowered = word.lowercased()
        let synonym = QueryLanguage.expectations.first { $0.synonyms.contains { $0.lowercased() == lowered } }
        let hint =
            keywords.contains(lowered)
            ? "; keywords are lowercase: \(lowered)"
            : synonym.map { "; did you mean \($0.keyword)?" } ?? ""
        throw failure(
            "unknown expectation \(QueryWords.quote(word)); expected one of \(keywords.joined(separator: ", "))\(hint)",
            at: column)
    }

    /// The whole number after a keyword that takes one: required when every
    /// expectation of the keyword takes it (`prefix N`), else optional
    /// (`next`, `next N`).
    private mutating func parseCount(after keyword: String, _ syntaxes: [QuerySyntax]) throws(QueryParseError) -> Int? {
        guard syntaxes.contains(where: \.takesCount) else { return nil }
        let required = syntaxes.allSatisfy(\.takesCount)
        guard let (word, column) = words.peek(), required || word.first?.isNumber == true || word.first == "-" else {
            if required { throw failure("expected a whole number after '\(keyword)'", at: words.endColumn) }
            return nil
        }
        _ = words.take()
        guard word.allSatisfy(\.isASCII), word.allSatisfy(\.isNumber), let count = Int(word) else {
            throw failure("expected a whole number after '\(keyword)', found \(QueryWords.quote(word))", at: column)
        }
        return count
    }

    private mutating func parseWithin() throws(QueryParseError) -> Duration? {
        guard let (word, _) = words.peek(), word == "within" else { return nil }
        _ = words.take()
        guard let (duration, column) = words.take() else {
            throw failure("expected a duration after 'within', like 250ms or 1.5s", at: words.endColumn)
        }
        switch TimeFormat.parseDuration(duration) {
        case .duration(let duration): return duration
        case .tooLong: throw failure("duration \(QueryWords.quote(duration)) is too long", at: column)
        case .subNanosecond:
            throw failure("duration \(QueryWords.quote(duration)) is not a whole number of nanoseconds", at: column)
        case .invalid:
            throw failure(
                "expected a duration after 'within', like 250ms or 1.5s (units: ns, us, ms, s, m), found \(QueryWords.quote(duration))",
                at: column)
        }
    }

    /// The matcher after `where`: any matcher, numeric comparisons too.
    private mutating func parseWhere(column: Int) throws(QueryParseError) -> QueryMatcher {
        guard let (symbol, symbolColumn) = words.take() else {
            throw failure("expected a matcher after 'where' (==, !=, contains, <, <=, >, >=)", at: words.endColumn)
        }
        guard Self.matcherSymbols.contains(symbol) else {
            throw failure(
                "unexpected \(QueryWords.quote(symbol)); expected a matcher after 'where' (==, !=, contains, <, <=, >, >=)",
                at: symbolColumn)
        }
        return try parseMatcher(symbol, column: symbolColumn, numeric: true)
    }

    /// A matcher whose operand is the rest of the query. Numeric
    /// comparisons only where `numeric` (a number to compare).
    private mutating func parseMatcher(_ symbol: String, column: Int, numeric: Bool) throws(QueryParseError)
        -> QueryMatcher
    {
        let (operandText, operandColumn) = words.rest()
        guard !operandText.isEmpty else {
            throw failure("expected a JSON value after \(QueryWords.quote(symbol))", at: operandColumn)
        }
        let operand: JSONValue
        do {
            operand = try JSONValue(parsing: operandText)
        } catch {
            let offsetColumn =
                operandColumn + String(decoding: Array(operandText.utf8).prefix(error.offset), as: UTF8.self).count
            throw failure("invalid JSON after \(QueryWords.quote(symbol)): \(error.message)", at: offsetColumn)
        }
        if let matcher = QueryMatcher(symbol: symbol, operand: operand) { return matcher }
        guard numeric else {
            let owners = QueryLanguage.expectations.filter(\.isNumeric).map(\.keyword).joined(separator: ", ")
            throw failure("\(QueryWords.quote(symbol)) compares numbers and applies to \(owners) only", at: column)
        }
        guard case .number(let number) = operand else {
            throw failure(
                "expected a number after \(QueryWords.quote(symbol)), found \(operand.typeName)", at: operandColumn)
        }
        return QueryMatcher(symbol: symbol, number: number)
    }
}

/// The words of a query, read left to right, with their 1-based columns.
struct QueryWords {
    let text: String
    private let characters: [Character]
    private var index = 0

    init(_ text: String) {
        self.text = text
        self.characters = Array(text)
    }

    func failure(_ message: String, at column: Int) -> QueryParseError {
        QueryParseError(query: text, column: column, message: message)
    }

    /// A word of the query in a message: `'word'`, escaped, at most 40
    /// characters of it.
    static func quote(_ word: String) -> String {
        "'" + TextLayout.truncated(TerminalText.escaped(word), to: 40) + "'"
    }

    /// The column just after the last character, for "found nothing".
    var endColumn: Int { characters.count + 1 }

    /// The next space-separated word and its column, without consuming it.
    func peek() -> (word: String, column: Int)? {
        var i = index
        while i < characters.count, characters[i].isWhitespace { i += 1 }
        guard i < characters.count else { return nil }
        let start = i
        while i < characters.count, !characters[i].isWhitespace { i += 1 }
        return (String(characters[start..<i]), start + 1)
    }

    mutating func take() -> (word: String, column: Int)? {
        guard let word = peek() else { return nil }
        index = word.column - 1 + word.word.count
        return word
    }

    /// Everything after the next blanks, and its column.
    mutating func rest() -> (text: String, column: Int) {
        while index < characters.count, characters[index].isWhitespace { index += 1 }
        defer { index = characters.count }
        return (String(characters[index...]), index + 1)
    }
}
