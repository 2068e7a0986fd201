import StreamTrace
import Testing

/// The normal and canonical forms written straight from a value's text
/// agree with what the parser and the writer make of it, on random values
/// with white space, every escape, repeated keys and numbers in any form.
@Suite(.cpuBound) struct JSONRewriterTests {
    /// Two texts of one JSON value, written differently: keys in another
    /// order, numbers and strings in other forms, white space.
    struct Twins {
        var random: RandomTrace.Generator

        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

        mutating func pair(depth: Int) -> (String, String) {
            switch int(0...(depth > 0 ? 8 : 4)) {
            case 0: return number()
            case 1:
                let literal = ["true", "false", "null"][int(0...2)]
                return (literal, literal)
            case 2, 3, 4: return string()
            case 5, 6:
                let count = int(0...12)
                let keys = (0..<count).map { string(key: $0) }
                var members = keys.map { key in
                    let value = pair(depth: depth - 1)
                    return ("\(key.0):\(value.0)", "\(key.1)\(space()):\(space())\(value.1)")
                }
                // A repeated key: its first place, its last value, in both.
                if count > 1, int(0...3) == 0 {
                    let value = pair(depth: 0)
                    members.append(("\(keys[0].0):\(value.0)", "\(keys[0].1):\(value.1)"))
                    return ("{" + members.map(\.0).joined(separator: ",") + "}", object(members.map(\.1)))
                }
                let shuffled = members.map(\.1).shuffled(using: &random)
                return ("{" + members.map(\.0).joined(separator: ",") + "}", object(shuffled))
            default:
                let elements = (0..<int(0...6)).map { _ in pair(depth: depth - 1) }
                return (
                    "[" + elements.map(\.0).joined(separator: ",") + "]",
                    "[" + space() + elements.map(\.1).joined(separator: space() + "," + space()) + "]"
                )
            }
        }

        mutating func object(_ members: [String]) -> String {
            "{" + space() + members.joined(separator: "," + space()) + space() + "}"
        }

        mutating func space() -> String { ["", "", "", " ", "\n\t "][int(0...4)] }

        mutating func number() -> (String, String) {
            let forms = [
                ("0", "-0.0e5"), ("1", "1.000"), ("-12", "-1.2e1"), ("2.5", "25E-1"), ("100", "1e2"),
                ("123456789012345678901234", "1.23456789012345678901234e23"), ("0.001", "1e-3"), ("7", "7"),
            ]
            let form = forms[int(0...(forms.count - 1))]
            return int(0...1) == 0 ? form : (form.1, form.0)
        }

        /// A string, and the same scalars escaped otherwise.
        mutating func string(key: Int? = nil) -> (String, String) {
            if let key, int(0...2) > 0 { return ("\"k\(key)\"", int(0...1) == 0 ? "\"k\(key)\"" : "\"\\u006b\(key)\"") }
            let pieces = [
                ("abc", "abc"), ("é", "\\u00e9"), ("\\n", "\\u000a"), ("/", "\\/"), ("\\\"", "\\u0022"),
                ("\\b", "\\u0008"),
                ("😀", "\\ud83d\\ude00"), ("\\u007f", "\u{7F}"), ("\\u0085", "\u{85}"), ("\\u202e", "\\u202E"),
                ("\u{2067}", "\\u2067"), ("\\u0001", "\\u0001"), ("中文", "中文"), ("\\\\", "\\u005c"),
            ]
            var text = ("\"", "\"")
            for _ in 0..<int(0...4) {
                let piece = pieces[int(0...(pieces.count - 1))]
                let flip = int(0...1) == 0
                text.0 += flip ? piece.0 : piece.1
                text.1 += flip ? piece.1 : piece.0
            }
            // A key ends in its position: no two keys of an object are alike by chance.
            let end = key.map { "#\($0)\"" } ?? "\""
            return (text.0 + end, text.1 + end)
        }
    }

    static func normal(_ text: String, limit: Int = .max) -> (String, Bool) {
        var rewriter = JSONRewriter()
        var output = JSONOutput()
        let whole = Array(text.utf8).withUnsafeBytes { rewriter.writeNormal($0, into: &output, limit: limit) }
        return (output.string, whole)
    }

    static func isNormal(_ text: String) -> Bool {
        var rewriter = JSONRewriter()
        return Array(text.utf8).withUnsafeBytes { rewriter.isNormal($0) }
    }

    static func canonical(_ text: String) -> CanonicalJSON {
        var rewriter = JSONRewriter()
        return Array(text.utf8).withUnsafeBytes { rewriter.canonical($0) }
    }

    @Test(arguments: 0..<8)
    func theNormalFormIsWhatTheParserAndTheWriterMakeOfTheText(seed: UInt64) throws {
        var twins = Twins(random: .init(state: seed))
        for _ in 0..<300 {
            let (a, b) = twins.pair(depth: 4)
            for text in [a, b] {
                let written = try JSONValue(parsing: text).jsonText
                #expect(Self.normal(text) == (written, true), "\(text)")
                #expect(Self.isNormal(text) == (text == written), "\(text)")
                #expect(Self.isNormal(written), "\(written)")
            }
        }
    }

    @Test(arguments: 0..<8)
    func canonicalFormsAreEqualExactlyWhenTheValuesAre(seed: UInt64) throws {
        var twins = Twins(random: .init(state: seed))
        var previous = "null"
        for _ in 0..<300 {
            let (a, b) = twins.pair(depth: 4)
            let (x, y) = (try JSONValue(parsing: a), try JSONValue(parsing: b))
            #expect(x == y, "\(a) vs \(b)")
            #expect(Self.canonical(a) == Self.canonical(b), "\(a) vs \(b)")
            #expect(Self.canonical(a) == CanonicalJSON(x))
            let other = try JSONValue(parsing: previous)
            #expect((Self.canonical(previous) == Self.canonical(a)) == (other == x), "\(previous) vs \(a)")
            previous = b
        }
    }

    @Test func aLongValueComparesByItsDigestExactlyAsAShortOneByItsBytes() throws {
        let keys = (0..<3000).map { "\"k\($0)\":\($0)" }
        let forward = "{" + keys.joined(separator: ",") + "}"
        let backward = "{" + keys.reversed().joined(separator: ", ") + "}"
        let changed = "{" + keys.dropLast().joined(separator: ",") + ",\"k2999\":3000}"
        #expect(forward.utf8.count > CompactBytes.keptBytes)
        #expect(Self.canonical(forward) == Self.canonical(backward))
        #expect(Self.canonical(forward) != Self.canonical(changed))
        #expect(Self.canonical(forward).form.bytes == nil)
        #expect(Self.canonical("[1.0]").form.bytes == Array("[1e0]".utf8))
    }

    @Test func aLimitStopsTheNormalFormEarlyAndSaysSo() {
        let text = "[" + (0..<1000).map { "\"item \($0)\"" }.joined(separator: " , ") + "]"
        let (prefix, whole) = Self.normal(text, limit: 50)
        #expect(!whole)
        #expect(prefix.hasPrefix(#"["item 0","item 1","item 2""#))
        #expect(prefix.utf8.count >= 50 && prefix.utf8.count < 80)
        #expect(Self.normal(#"{"a":"x","b":2}"#, limit: 5) == (#"{"a":"#, false))
    }

    @Test func aStringAloneIsWrittenAsTheWriterWritesIt() throws {
        let texts = [
            #""a \u2013 b \"q\" \/ \u00e9 \ud83d\ude00""#, #""\u0085\u202e x""#, "\"\u{7F}\u{85}\"", #""plain""#,
        ]
        for text in texts {
            let written = try JSONValue(parsing: text).jsonText
            #expect(Self.normal(text) == (written, true), "\(text)")
            #expect(Self.isNormal(text) == (text == written), "\(text)")
            // Rewritten, a string is written whole past a limit; in normal form, it is cut.
            let cut = String(decoding: written.utf8.prefix(3), as: UTF8.self)
            #expect(Self.normal(text, limit: 3) == (text == written ? (cut, false) : (written, true)), "\(text)")
        }
        // White space after a string in normal form stays, as after any value in normal form.
        #expect(Self.normal(#""a" "#) == (#""a" "#, true))
        #expect(Self.normal(#""\u0061" "#) == (#""a""#, true))
    }

    /// JSONRewriter.swift.
    @Test func theRewriterWritesTheNormalForm() {
        var rewriter = JSONRewriter()
        var output = JSONOutput()
        let text = Array(#"{ "b" : 1.0, "a" : "\u00e9", "b" : 2 }"#.utf8)
        _ = text.withUnsafeBytes { rewriter.writeNormal($0, into: &output) }
        let normal = output.string  // {"b":2,"a":"é"}
        #expect(normal == #"{"b":2,"a":"é"}"#)
    }

    /// CompactBytes.swift.
    @Test func compactBytesKeepShortBytesAndDigestLongOnes() {
        let short = CompactBytes(Array("abc".utf8))
        let long = CompactBytes(Array(repeating: 7, count: 10_000))
        let equal = long == CompactBytes(Array(repeating: 7, count: 10_000))  // true
        #expect(equal)
        #expect(short.bytes == Array("abc".utf8))
        #expect(long.bytes == nil)
        #expect(long != CompactBytes(Array(repeating: 7, count: 10_001)))
    }
}

extension CompactBytes {
    init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBytes { CompactBytes($0) }
    }
}
