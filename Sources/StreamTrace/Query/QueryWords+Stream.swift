/// A stream's name in a query: a bare word of letters, digits, `-`, `_` and `.` (`results`, `search-1.jsonl`), or a
/// JSON string (`"my stream"`). `STREAM: QUERY` reads one member of a group (``Query/stream``); the order queries name
/// the streams whose events they compare (``QueryArgument/streamEvent``).
extension QueryWords {
    /// Whether `scalar` may be in a bare stream name.
    static func isStreamNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
            || scalar == "."
    }

    /// Whether `word` can start a stream's name: a bare name's first scalar, or a quote.
    static func canStartStreamName(_ word: String) -> Bool {
        word.unicodeScalars.first.map { $0 == "\"" || isStreamNameScalar($0) } ?? false
    }

    /// `STREAM:` at the start of the query (no blank before the colon), read; `nil` (nothing read) if it has none.
    mutating func readStreamPrefix() -> String? {
        guard let (name, end) = try? streamName(), end < endOffset, scalar(at: end) == ":" else { return nil }
        advance(to: end + 1)
        return name
    }

    /// A stream's name after `word` (the keyword or clause word messages name).
    mutating func readStreamName(after word: String) throws(QueryParseError) -> String {
        guard let (name, end) = try streamName() else {
            let found = peek().map { ", found \(Self.quote($0.word))" } ?? ""
            throw failure(
                "expected a stream's name after '\(word)' (a word of letters, digits, -, _ and ., or a JSON string)"
                    + found, at: peek()?.offset ?? endOffset)
        }
        advance(to: end)
        return name
    }

    /// The stream name that starts at the next word and the scalar offset it ends at, without reading it.
    private func streamName() throws(QueryParseError) -> (name: String, end: Int)? {
        let (upcoming, start) = upcoming()
        guard let first = upcoming.unicodeScalars.first else { return nil }
        guard first == "\"" else {
            let name = String(String.UnicodeScalarView(upcoming.unicodeScalars.prefix(while: Self.isStreamNameScalar)))
            return name.isEmpty ? nil : (name, start + name.unicodeScalars.count)
        }
        let bytes = Array(upcoming.utf8)
        let parsed = bytes.withUnsafeBytes { raw -> (String, Int)? in
            var parser = JSONParser(raw)
            guard let name = try? parser.parseString() else { return nil }
            return (name, parser.position)
        }
        guard let (name, length) = parsed else {
            throw failure("invalid JSON string as a stream's name", at: start)
        }
        return (name, start + String(decoding: bytes[..<length], as: UTF8.self).unicodeScalars.count)
    }
}
