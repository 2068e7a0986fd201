import StreamTrace
import Testing

/// `CanonicalHash`: JSON-equal values hash alike, however they are written
/// (numbers, key order, repeated keys, escapes, white space), and values
/// that differ hash apart — what lets `diff` tell two values apart without
/// their canonical forms.
@Suite(.cpuBound) struct CanonicalHashTests {
    static func hash(_ text: String) -> UInt64 {
        var hasher = CanonicalHash()
        return Array(text.utf8).withUnsafeBytes { hasher.hash($0) }
    }

    static func canonical(_ text: String) -> CanonicalJSON {
        var rewriter = JSONRewriter()
        return Array(text.utf8).withUnsafeBytes { rewriter.canonical($0) }
    }

    @Test(arguments: [
        ["1", "1.0", "10e-1", "1E0", "0.1e1", "100e-2", "1.000"],
        ["0", "-0", "0.0", "0e5", "-0.000e-3"],
        ["-12.5", "-125e-1", "-1.250E1"],
        [#"{"a":1,"b":[true,null]}"#, #"{ "b" : [ true , null ] , "a" : 1.0 }"#, #"{"b":[true,null],"a":1,"a":1}"#],
        [#"{"a":2}"#, #"{"a":1,"a":2}"#, #"{"a":{"x":1},"a":2}"#],
        [#""a\"b""#, #""\u0061\u0022b""#, #""a\"\u0062""#],
        [#""\/é\n""#, #""/\u00e9\u000a""#, #""/\u00E9\n""#],
        [#"{"\u00e9":"x"}"#, #"{"é":"x"}"#],
        [#"[1,[2,{"k":[]}]]"#, #"[ 1.0 , [ 2e0 , { "k" : [ ] } ] ]"#],
    ])
    func equalValuesHashAlike(texts: [String]) {
        for text in texts {
            #expect(Self.hash(text) == Self.hash(texts[0]), "\(text) vs \(texts[0])")
            #expect(Self.canonical(text) == Self.canonical(texts[0]), "\(text) vs \(texts[0])")
        }
    }

    @Test func differentValuesHashApart() {
        let texts = [
            "1", "2", "-1", "10", "0.1", "1e10", "1e-10", "11", "0", #""1""#, "true", "false", "null", "[]", "{}",
            "[1]", "[[1]]", "[1,2]", "[2,1]", #"{"a":1}"#, #"{"a":2}"#, #"{"b":1}"#, #"{"a":1,"b":1}"#,
            #"{"a":{"a":1}}"#, #""a""#, #""A""#, #""a ""#, #""e\u0301""#, #""é""#, #"{"a":1,"a":1,"b":2}"#,
            #"{"a":[1],"b":[]}"#, #"{"a":[],"b":[1]}"#, #"[{"a":1},{"b":1}]"#, #"[{"b":1},{"a":1}]"#,
        ]
        for (i, a) in texts.enumerated() {
            for b in texts[(i + 1)...] {
                #expect(Self.hash(a) != Self.hash(b), "\(a) vs \(b)")
                #expect(Self.canonical(a) != Self.canonical(b), "\(a) vs \(b)")
            }
        }
    }

    @Test(arguments: 0..<8)
    func randomTwinsHashAsTheirCanonicalFormsCompare(seed: UInt64) throws {
        var twins = JSONRewriterTests.Twins(random: .init(state: seed))
        var previous = "null"
        for _ in 0..<300 {
            let (a, b) = twins.pair(depth: 4)
            #expect(Self.hash(a) == Self.hash(b), "\(a) vs \(b)")
            let differ = Self.canonical(previous) != Self.canonical(a)
            #expect((Self.hash(previous) != Self.hash(a)) == differ, "\(previous) vs \(a)")
            previous = b
        }
    }

    /// A plain integer of up to 15 digits is hashed in one pass, any other
    /// number through its canonical parts: the two agree on every integer
    /// around the border (trailing zeros, 15 and 16 digits, minus, in
    /// arrays and objects).
    @Test func integersHashAsTheirOtherWritings() {
        var integers = ["0", "-0", "7", "-7", "10", "1200", "-1200", "100000000000000", "999999999999999"]
        integers += ["1000000000000000", "1234567890123456", "-123456789012345", "12345678901234567890"]
        for integer in integers {
            let negative = integer.hasPrefix("-")
            let digits = negative ? String(integer.dropFirst()) : integer
            let (sign, point) = (
                negative ? "-" : "", digits.count > 1 ? digits.prefix(1) + "." + digits.dropFirst() : digits
            )
            let writings = ["\(integer).0", "\(sign)\(point)e\(digits.count - 1)", "\(integer)e0"]
            for writing in writings {
                #expect(Self.hash(writing) == Self.hash(integer), "\(writing) vs \(integer)")
                #expect(Self.hash("[\(writing),1]") == Self.hash("[\(integer),1.0]"), "\(writing) vs \(integer)")
                #expect(
                    Self.hash(#"{"a":\#(writing)}"#) == Self.hash(#"{"a":\#(integer)}"#), "\(writing) vs \(integer)")
            }
            if digits != "0" { #expect(Self.hash(integer) != Self.hash(integer + "1"), "\(integer)") }
        }
    }

    /// A string is hashed eight bytes at a time as it is scanned, or, with
    /// an escape, once decoded: the two agree at every length.
    @Test func stringsOfEveryLengthHashAsTheirEscapedForms() {
        for length in 0...20 {
            let plain = String((0..<length).map { Character(Unicode.Scalar(UInt8(97 + $0 % 26))) })
            let escaped = plain.isEmpty ? "" : #"\u00"# + String(97, radix: 16) + plain.dropFirst()
            #expect(Self.hash("\"\(plain)\"") == Self.hash("\"\(escaped)\""), "\(plain)")
            #expect(Self.hash("\"\(plain)\"") != Self.hash("\"\(plain)b\""), "\(plain)")
            #expect(Self.hash("[\"\(plain)\",\"x\"]") != Self.hash("[\"\(plain)x\"]"), "\(plain)")
        }
    }

    /// An object of many keys takes another way to find its repeated keys.
    @Test func manyKeysInAnyOrderAndRepeatedHashAsTheirObject() {
        let keys = (0..<200).map { "\"k\($0)\":\($0)" }
        let forward = "{" + keys.joined(separator: ",") + "}"
        let backward = "{" + keys.reversed().joined(separator: ", ") + "}"
        let repeated = "{\"k7\":\"old\"," + keys.joined(separator: ",") + ",\"k150\":150.0}"
        let changed = "{" + keys.dropLast().joined(separator: ",") + ",\"k199\":200}"
        let dropped = "{" + keys.dropLast().joined(separator: ",") + "}"
        #expect(Self.hash(forward) == Self.hash(backward))
        #expect(Self.hash(forward) == Self.hash(repeated))
        #expect(Self.hash(forward) != Self.hash(changed))
        #expect(Self.hash(forward) != Self.hash(dropped))
    }

    /// CanonicalHash.swift.
    @Test func theHashOfTwoWritingsOfOneValueIsTheSame() {
        var hasher = CanonicalHash()
        let a = Array(#"{"b":1.0,"a":[2]}"#.utf8).withUnsafeBytes { hasher.hash($0) }
        let b = Array(#"{"a":[2],"b":1}"#.utf8).withUnsafeBytes { hasher.hash($0) }
        let same = a == b  // true
        #expect(same)
    }
}
