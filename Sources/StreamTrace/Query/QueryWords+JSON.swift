extension QueryWords {
    /// Reads one JSON value where the query goes on after it (`marbles
    /// "-a-|" frame 10ms`): its text as written, the value, and its offset.
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
            let before = String(decoding: bytes.prefix(error.offset), as: UTF8.self)
            throw failure(
                "invalid JSON after '\(word)': \(error.message)", at: offset + before.unicodeScalars.count)
        }
    }
}
