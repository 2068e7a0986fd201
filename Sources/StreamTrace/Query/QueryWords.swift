/// The words of a query, read left to right as Unicode scalars: a word ends at white space, whatever mark follows it,
/// so a combining mark never joins a quote or an operator to its neighbour. Only messages count characters, as a
/// person does (``QueryParseError/column``).
package struct QueryWords {
    let text: String
    private let scalars: [Unicode.Scalar]
    /// In scalars.
    private(set) var offset = 0

    init(_ text: String) {
        self.text = text
        self.scalars = Array(text.unicodeScalars)
    }

    var endOffset: Int { scalars.count }

    /// A failure at the scalar at `offset`, in the column a person counts.
    func failure(_ message: String, at offset: Int) -> QueryParseError {
        QueryParseError(query: text, column: text(0..<min(offset, scalars.count)).count + 1, message: message)
    }

    /// A word of the query in a message: `'word'`, escaped, at most 40 characters of it.
    static func quote(_ word: String) -> String {
        "'" + TextLayout.truncated(TerminalText.escaped(word), to: 40) + "'"
    }

    private func isBlank(_ index: Int) -> Bool { scalars[index].properties.isWhitespace }

    /// The scalar at `index`, a scalar offset.
    func scalar(at index: Int) -> Unicode.Scalar { scalars[index] }

    private func text(_ range: Range<Int>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[range])
        return String(view)
    }

    /// The next blank-separated word and its offset, without reading it.
    func peek() -> (word: String, offset: Int)? {
        var start = offset
        while start < scalars.count, isBlank(start) { start += 1 }
        guard start < scalars.count else { return nil }
        var end = start
        while end < scalars.count, !isBlank(end) { end += 1 }
        return (text(start..<end), start)
    }

    mutating func take() -> (word: String, offset: Int)? {
        guard let word = peek() else { return nil }
        offset = word.offset + word.word.unicodeScalars.count
        return word
    }

    /// The text after the next blanks, to the end, and its offset, without reading it: for an argument that may hold
    /// blanks (a JSON value), which reads what it needs and then ``advance(to:)``.
    func upcoming() -> (text: String, offset: Int) {
        var start = offset
        while start < scalars.count, isBlank(start) { start += 1 }
        return (text(start..<scalars.count), start)
    }

    /// Reads up to `offset`, a scalar offset from ``upcoming()``.
    mutating func advance(to offset: Int) {
        self.offset = min(max(offset, self.offset), scalars.count)
    }

    /// The text read from `start` to here, without its surrounding blanks.
    func written(from start: Int) -> String {
        var range = start..<offset
        while let first = range.first, isBlank(first) { range = range.dropFirst() }
        while let last = range.last, isBlank(last) { range = range.dropLast() }
        return text(range)
    }

    /// The matcher whose operator is `symbol` (read, at `offset`) and whose JSON operand is the rest of the query.
    /// Numeric comparisons only where `numeric`.
    mutating func readMatcher(_ symbol: String, at offset: Int, numeric: Bool) throws(QueryParseError)
        -> QueryMatcher
    {
        let (operandText, operandOffset) = upcoming()
        advance(to: scalars.count)
        guard !operandText.isEmpty else {
            throw failure("expected a JSON value after \(Self.quote(symbol))", at: operandOffset)
        }
        let operand: JSONValue
        do {
            operand = try JSONValue(parsing: operandText)
        } catch {
            throw invalidJSON(error, in: Array(operandText.utf8), after: Self.quote(symbol), at: operandOffset)
        }
        if let matcher = QueryMatcher(symbol: symbol, operand: operand) { return matcher }
        guard numeric else {
            let owners = QueryLanguage.forms.filter(\.syntax.isNumeric).map(\.syntax.keyword)
            throw failure(
                "\(Self.quote(symbol)) compares numbers and applies to \(owners.joined(separator: ", ")) only",
                at: offset)
        }
        guard case .number(let number) = operand else {
            throw failure("expected a number after \(Self.quote(symbol)), found \(operand.typeName)", at: operandOffset)
        }
        return QueryMatcher(symbol: symbol, number: number)
    }
}

extension QueryWords {
    /// Reads one JSON value the query goes on after (`marbles "-a-|" frame 10ms`): its text as written, value, offset.
    mutating func readJSON(after word: String, expected: String) throws(QueryParseError)
        -> (text: String, value: JSONValue, offset: Int)
    {
        let (upcoming, offset) = upcoming()
        guard !upcoming.isEmpty else { throw failure("expected \(expected) after '\(word)'", at: endOffset) }
        let bytes = Array(upcoming.utf8)
        let parsed = bytes.withUnsafeBytes { raw -> Result<(JSONValue, Int), JSONSyntaxError> in
            var parser = JSONParser(raw)
            do throws(JSONSyntaxError) {
                return .success((try parser.parseValue(), parser.position))
            } catch {
                return .failure(error)
            }
        }
        switch parsed {
        case .success(let (value, end)):
            let text = String(decoding: bytes[..<end], as: UTF8.self)
            advance(to: offset + text.unicodeScalars.count)
            return (text, value, offset)
        case .failure(let error):
            throw invalidJSON(error, in: bytes, after: "'\(word)'", at: offset)
        }
    }

    /// `error` in the JSON text `bytes` that starts at `offset`, after `word` (quoted).
    private func invalidJSON(_ error: JSONSyntaxError, in bytes: [UInt8], after word: String, at offset: Int)
        -> QueryParseError
    {
        let before = String(decoding: bytes.prefix(error.offset), as: UTF8.self)
        return failure("invalid JSON after \(word): \(error.message)", at: offset + before.unicodeScalars.count)
    }
}
