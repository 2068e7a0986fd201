/// Parses the query grammar:
///
/// ```
/// query    = [ STREAM ":" ] [ "not" ] KEYWORD ARGUMENT* [ "within" DURATION ] CLAUSE* [ MATCHER ]
/// CLAUSE   = WORD ARGUMENT                                   (where MATCHER)
/// MATCHER  = ( "==" | "!=" ) JSON | "contains" JSON
///          | ( "<" | "<=" | ">" | ">=" ) NUMBER       (numbers: count, and after where)
/// DURATION = NUMBER ( "ns" | "us" | "ms" | "s" | "m" | "h" )
/// ```
///
/// The keywords, their arguments and clauses come from the expectations' declarations (``QuerySyntax``); the parser
/// knows none of them.
struct QueryParser {
    private var words: QueryWords

    init(_ text: String) {
        words = QueryWords(text)
    }

    private func failure(_ message: String, at offset: Int) -> QueryParseError {
        words.failure(message, at: offset)
    }

    mutating func parse() throws(QueryParseError) -> Query {
        let stream = words.readStreamPrefix()
        guard var (word, offset) = words.take() else {
            throw failure("empty query: expected an expectation such as single, elements or next", at: 0)
        }
        var arguments = QueryArguments()
        let notOffset = offset
        if word == "not" {
            arguments.isInverted = true
            guard let next = words.take() else {
                throw failure(
                    "expected \(QueryLanguage.invertibleForms(joinedBy: "or")) after 'not'", at: words.endOffset)
            }
            (word, offset) = next
        }
        var candidates = try forms(named: word, at: offset)
        let written = try readArguments(after: word, of: &candidates, into: &arguments)
        if arguments.isInverted {
            candidates = candidates.filter(\.isInvertible)
            guard !candidates.isEmpty else {
                throw failure(
                    "'not' inverts \(QueryLanguage.invertibleForms(joinedBy: "and")) only, not \(written)",
                    at: notOffset)
            }
        }
        if let refusal = candidates.first?.syntax.refusesWithinAndMatcher, let (word, offset) = words.peek(),
            word == "within"
        {
            throw failure("'within' does not apply to \(written): \(refusal)", at: offset)
        }
        let within = try readWithin()
        let form = try readClauses(of: candidates, after: written, into: &arguments)
        if let refusal = form.syntax.refusesWithinAndMatcher, let (word, offset) = words.peek() {
            throw failure("unexpected \(QueryWords.quote(word)); \(written) takes no matcher: \(refusal)", at: offset)
        }
        let matcher = try readMatcher(numeric: form.syntax.isNumeric, within: within != nil)
        let made = form.syntax.make(arguments)
        return Query(
            text: words.text, expectationName: written, isInverted: arguments.isInverted, within: within?.duration,
            writtenWithin: within?.written, matcher: matcher,
            expectation: arguments.isInverted ? made.inverted ?? made : made, stream: stream)
    }

    /// The expectations `word` names (several share `next`), or an error that lists the keywords.
    private func forms(named word: String, at offset: Int) throws(QueryParseError) -> [QueryForm] {
        let found = QueryLanguage.forms.filter { $0.syntax.keyword == word || $0.syntax.synonyms.contains(word) }
        guard found.isEmpty else { return found }
        let keywords = QueryLanguage.keywords
        let lowered = word.lowercased()
        let synonym = QueryLanguage.forms.first { $0.syntax.synonyms.contains { $0.lowercased() == lowered } }
        let hint =
            keywords.contains(lowered)
            ? "; keywords are lowercase: \(lowered)"
            : synonym.map { "; did you mean \($0.syntax.keyword)?" } ?? ""
        throw failure(
            "unknown expectation \(QueryWords.quote(word)); expected one of \(keywords.joined(separator: ", "))\(hint)",
            at: offset)
    }

    /// The arguments after the keyword, as the candidates declare them: one every candidate takes is required
    /// (`prefix N`); one only some take is read if the next word can start it (`next`, `next N`). Keeps the
    /// candidates that take what was read; returns the keyword and its arguments as written (`next 2`).
    private mutating func readArguments(
        after keyword: String, of candidates: inout [QueryForm], into arguments: inout QueryArguments
    ) throws(QueryParseError) -> String {
        let start = words.offset
        var position = 0
        while let argument = candidates.lazy.compactMap({ $0.argument(at: position) }).first {
            let takers = candidates.filter { $0.argument(at: position) != nil }
            if takers.count < candidates.count, words.peek().map({ argument.canStart($0.word) }) != true {
                candidates = candidates.filter { $0.syntax.arguments.count == position }
                break
            }
            arguments[argument.placeholder] = try argument.read(&words, keyword)
            candidates = takers
            position += 1
        }
        let written = words.written(from: start)
        return written.isEmpty ? keyword : keyword + " " + written
    }

    private mutating func readWithin() throws(QueryParseError) -> (duration: Duration, written: String)? {
        guard let (word, _) = words.peek(), word == "within" else { return nil }
        _ = words.take()
        guard let (duration, offset) = words.take() else {
            throw failure("expected a duration after 'within', like 250ms or 1.5s", at: words.endOffset)
        }
        switch TimeFormat.parseDuration(duration) {
        case .duration(let parsed): return (parsed, duration)
        case .tooLong: throw failure("duration \(QueryWords.quote(duration)) is too long", at: offset)
        case .subNanosecond:
            throw failure("duration \(QueryWords.quote(duration)) is not a whole number of nanoseconds", at: offset)
        case .invalid:
            throw failure(
                "expected a duration after 'within', like 250ms or 1.5s (units: ns, us, ms, s, m, h), found \(QueryWords.quote(duration))",
                at: offset)
        }
    }

    /// The clauses after `within`, each word a candidate declares followed by its argument (`where == 3`), once each
    /// and in the order the form declares them; then the candidate that has every clause it requires.
    private mutating func readClauses(
        of candidates: [QueryForm], after written: String, into arguments: inout QueryArguments
    ) throws(QueryParseError) -> QueryForm {
        var candidates = candidates
        var given: [String] = []
        while let (word, offset) = words.peek() {
            let owners = candidates.filter { $0.clause(word) != nil }
            guard let form = owners.first, let clause = form.clause(word) else {
                // A word that starts a clause in some form (`where`) is misplaced; any other ends the clauses.
                guard QueryLanguage.forms.contains(where: { $0.clause(word) != nil }) else { break }
                throw failure(
                    "'\(word)' does not apply to \(written)\(Self.hint(clause: word, of: candidates))", at: offset)
            }
            if let misplaced = Self.misplaced(word, after: given, in: form) { throw failure(misplaced, at: offset) }
            _ = words.take()
            arguments[word] = try clause.argument.read(&words, word)
            given.append(word)
            candidates = owners
        }
        let complete = candidates.first { $0.syntax.clauses.allSatisfy { !$0.isRequired || given.contains($0.word) } }
        guard let complete else {
            let expected = "expected \(candidates[0].syntax.form)"
            guard let (word, offset) = words.peek() else {
                throw failure("incomplete query: \(expected)", at: words.endOffset)
            }
            throw failure("unexpected \(QueryWords.quote(word)); \(expected)", at: offset)
        }
        return complete
    }

    /// Why `word` cannot follow the clauses `given` in `form`: given twice, or before one of them in the form's order.
    private static func misplaced(_ word: String, after given: [String], in form: QueryForm) -> String? {
        let order = form.syntax.clauses.map(\.word)
        guard let last = given.last, let here = order.firstIndex(of: word), let before = order.firstIndex(of: last),
            here <= before
        else { return nil }
        let problem = given.contains(word) ? "'\(word)' is given twice" : "'\(word)' comes before '\(last)'"
        return problem + ": \(form.syntax.form)"
    }

    /// `; it follows next: next where MATCHER`, for a clause other forms of the same keyword take; else nothing.
    private static func hint(clause word: String, of candidates: [QueryForm]) -> String {
        let keyword = candidates[0].syntax.keyword
        let forms = QueryLanguage.forms.filter { $0.syntax.keyword == keyword && $0.clause(word) != nil }
        guard !forms.isEmpty else { return "" }
        return "; it follows \(keyword): " + forms.map(\.syntax.form).joined(separator: ", ")
    }

    /// The matcher that compares the expectation's value, if any: the rest of the query.
    private mutating func readMatcher(numeric: Bool, within: Bool) throws(QueryParseError) -> QueryMatcher? {
        guard let (symbol, offset) = words.take() else { return nil }
        guard QueryMatcher.symbols.contains(symbol) else {
            let expected = within ? "a matcher" : "'within' or a matcher"
            throw failure(
                "unexpected \(QueryWords.quote(symbol)); expected \(expected) (\(QueryMatcher.symbolList))", at: offset)
        }
        return try words.readMatcher(symbol, at: offset, numeric: numeric)
    }
}
