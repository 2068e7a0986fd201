import StreamTrace
import Testing

/// Comparing a value's text with a pattern gives what comparing the built
/// value gives: equality and `contains`, on random values written in any
/// form, with patterns taken from their own parts.
@Suite(.cpuBound) struct JSONPatternTests {
    /// Patterns a value may contain or equal: itself, a part of it, an
    /// object of some of its keys, another value.
    static func patterns(of value: JSONValue, other: JSONValue, random: inout RandomTrace.Generator) -> [JSONValue] {
        var patterns = [value, other, .null, 7, "b", .object(JSONObject())]
        switch value {
        case .array(let elements) where !elements.isEmpty:
            patterns.append(elements[Int.random(in: 0..<elements.count, using: &random)])
        case .object(let object) where !object.isEmpty:
            let kept = object.entries.filter { _ in Bool.random(using: &random) }
            patterns.append(.object(JSONObject(kept)))
            if let first = kept.first, case .object(let inner) = first.value {
                let nested = JSONObject(inner.entries.filter { _ in Bool.random(using: &random) })
                patterns.append(.object(JSONObject([.init(key: first.key, value: .object(nested))])))
            }
            patterns.append(.object(JSONObject(kept + [.init(key: "missing", value: 1)])))
        case .string(let text) where !text.isEmpty:
            patterns.append(.string(String(text.unicodeScalars.dropFirst().prefix(3).map(Character.init))))
        default: break
        }
        return patterns
    }

    @Test(arguments: 0..<6)
    func aPatternMatchesTheTextAsItMatchesTheBuiltValue(seed: UInt64) throws {
        var twins = JSONRewriterTests.Twins(random: .init(state: seed))
        var random = RandomTrace.Generator(state: seed + 100)
        var other = JSONValue.null
        for _ in 0..<150 {
            let (a, b) = twins.pair(depth: 3)
            let value = try JSONValue(parsing: a)
            let raw = try RawJSON(parsing: b)
            for pattern in Self.patterns(of: value, other: other, random: &random) {
                let compiled = JSONPattern(pattern)
                #expect(
                    raw.bytes.withUnsafeBytes { compiled.equals(text: $0) } == (value == pattern), "\(b) == \(pattern)")
                #expect(
                    raw.bytes.withUnsafeBytes { compiled.isContained(inText: $0) } == value.contains(pattern),
                    "\(b) contains \(pattern)")
            }
            #expect(raw == RawJSON(value))
            #expect(raw.hashValue == RawJSON(value).hashValue)
            other = value
        }
    }

    /// JSONPattern.swift.
    @Test func aPatternIsComparedWithTheText() throws {
        let pattern = JSONPattern(["id": 1])
        let value = try RawJSON(parsing: #"{"name":"x","id":1.0}"#)
        let found = value.bytes.withUnsafeBytes { pattern.isContained(inText: $0) }  // true
        let equal = value.bytes.withUnsafeBytes { pattern.equals(text: $0) }  // false
        #expect(found)
        #expect(!equal)
    }
}

extension RawJSON {
    /// Parses and keeps `text`, or throws if it is not one JSON value.
    init(parsing text: String) throws(JSONSyntaxError) {
        _ = try JSONValue(parsing: text)
        self.init(validated: Array(text.utf8)[...])
    }
}
