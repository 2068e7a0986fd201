/// Parses the query grammar:
///
/// ```
/// query       = [ "not" ] expectation [ "within" DURATION ] [ matcher ]
/// expectation = "available" | "completion" | "count" | "elements" | "failure"
///             | "finished" | "last" | "next" [ INT ] | "prefix" INT
///             | "recording" | "single"
/// matcher     = ( "==" | "!=" ) JSON | "contains" JSON
///             | ( "<" | "<=" | ">" | ">=" ) NUMBER        (count only)
/// DURATION    = NUMBER ( "ns" | "us" | "ms" | "s" | "m" )
/// ```
struct QueryParser {
    private let text: String
    private let characters: [Character]
    private var index = 0

    init(_ text: String) {
        self.text = text
        self.characters = Array(text)
    }

    static let expectationKeywords = [
        "available", "completion", "count", "elements", "failure", "finished", "last", "next", "prefix", "recording",
        "single",
    ]
    static let matcherSymbols = ["==", "!=", "contains", "<=", ">=", "<", ">"]

    private func failure(_ message: String, at column: Int) -> QueryParseError {
        QueryParseError(query: text, column: column, message: message)
    }

    /// The next space-separated word and its 1-based column, without
    /// consuming it.
    private func peekWord() -> (word: String, column: Int)? {
        var i = index
        while i < characters.count, characters[i].isWhitespace { i += 1 }
        guard i < characters.count else { return nil }
        let start = i
        while i < characters.count, !characters[i].isWhitespace { i += 1 }
        return (String(characters[start..<i]), start + 1)
    }

    private mutating func takeWord() -> (word: String, column: Int)? {
        guard let word = peekWord() else { return nil }
        index = word.column - 1 + word.word.count
        return word
    }

    /// The column just after the last character, for "found nothing".
    private var endColumn: Int { characters.count + 1 }

    mutating func parse() throws(QueryParseError) -> Query {
        guard var (word, column) = takeWord() else {
            throw failure("empty query: expected an expectation such as single, elements or next", at: 1)
        }
        var inverted = false
        let notColumn = column
        if word == "not" {
            inverted = true
            guard let next = takeWord() else {
                throw failure("expected finished, next or prefix N after 'not'", at: endColumn)
            }
            (word, column) = next
        }
        let expectation = try parseExpectation(word, column: column)
        if inverted {
            switch expectation {
            case .finished, .next(nil), .prefix: break
            default:
                throw failure("'not' inverts finished, next and prefix N only, not \(expectation.keyword)", at: notColumn)
            }
        }
        var within: Duration?
        if let (word, _) = peekWord(), word == "within" {
            _ = takeWord()
            guard let (duration, durationColumn) = takeWord() else {
                throw failure("expected a duration after 'within', like 250ms or 1.5s", at: endColumn)
            }
            within = try parseDuration(duration, column: durationColumn)
        }
        var matcher: QueryMatcher?
        if let (word, column) = takeWord() {
            guard Self.matcherSymbols.contains(word) else {
                let expected = within == nil ? "'within' or a matcher" : "a matcher"
                throw failure("unexpected '\(word)'; expected \(expected) (==, !=, contains, <, <=, >, >=)", at: column)
            }
            matcher = try parseMatcher(word, column: column, for: expectation)
        }
        return Query(text: text, isInverted: inverted, expectation: expectation, within: within, matcher: matcher)
    }

    private mutating func parseExpectation(_ word: String, column: Int) throws(QueryParseError) -> Query.Expectation {
        switch word {
        case "available", "availableElements": return .available
        case "completion": return .completion
        case "count": return .count
        case "elements": return .elements
        case "failure": return .failure
        case "finished": return .finished
        case "last": return .last
        case "recording": return .recording
        case "single": return .single
        case "next":
            guard let (count, countColumn) = peekWord(), count.first?.isNumber == true || count.first == "-" else {
                return .next(nil)
            }
            _ = takeWord()
            return .next(try parseCount(count, column: countColumn, after: "next"))
        case "prefix":
            guard let (count, countColumn) = takeWord() else {
                throw failure("expected a whole number after 'prefix'", at: endColumn)
            }
            return .prefix(try parseCount(count, column: countColumn, after: "prefix"))
        default:
            let lowered = word.lowercased()
            let hint =
                Self.expectationKeywords.contains(lowered) ? "; keywords are lowercase: \(lowered)"
                : lowered == "availableelements" ? "; did you mean available?" : ""
            throw failure(
                "unknown expectation '\(word)'; expected one of \(Self.expectationKeywords.joined(separator: ", "))\(hint)",
                at: column)
        }
    }

    private func parseCount(_ word: String, column: Int, after keyword: String) throws(QueryParseError) -> Int {
        guard word.allSatisfy(\.isASCII), word.allSatisfy(\.isNumber), let count = Int(word) else {
            throw failure("expected a whole number after '\(keyword)', found '\(word)'", at: column)
        }
        return count
    }

    private func parseDuration(_ word: String, column: Int) throws(QueryParseError) -> Duration {
        switch TimeFormat.parseDuration(word) {
        case .duration(let duration): return duration
        case .tooLong: throw failure("duration '\(word)' is too long", at: column)
        case .invalid:
            throw failure("expected a duration after 'within', like 250ms or 1.5s (units: ns, us, ms, s, m), found '\(word)'", at: column)
        }
    }

    private mutating func parseMatcher(
        _ symbol: String, column: Int, for expectation: Query.Expectation
    ) throws(QueryParseError) -> QueryMatcher {
        // The operand is the rest of the query.
        while index < characters.count, characters[index].isWhitespace { index += 1 }
        let operandColumn = index + 1
        let operandText = String(characters[index...])
        guard !operandText.isEmpty else {
            throw failure("expected a JSON value after '\(symbol)'", at: operandColumn)
        }
        let operand: JSONValue
        do {
            operand = try JSONValue(parsing: operandText)
        } catch {
            let offsetColumn = operandColumn + String(decoding: Array(operandText.utf8).prefix(error.offset), as: UTF8.self).count
            throw failure("invalid JSON after '\(symbol)': \(error.message)", at: offsetColumn)
        }
        switch symbol {
        case "==": return .equal(operand)
        case "!=": return .notEqual(operand)
        case "contains": return .contains(operand)
        default:
            guard case .count = expectation else {
                throw failure("'\(symbol)' compares numbers and applies to count only", at: column)
            }
            guard case .number(let number) = operand else {
                throw failure("expected a number after '\(symbol)', found \(operand.typeName)", at: operandColumn)
            }
            switch symbol {
            case "<": return .less(number)
            case "<=": return .lessOrEqual(number)
            case ">": return .greater(number)
            default: return .greaterOrEqual(number)
            }
        }
    }
}
