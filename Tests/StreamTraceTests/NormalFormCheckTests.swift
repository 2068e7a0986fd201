import StreamTrace
import Testing

/// The quick normal-form check says "normal" only for a text that is its
/// own normal form, and does say it for the normal texts within its
/// limits (no `\u` escape, not too deep, not too many keys).
@Suite(.cpuBound) struct NormalFormCheckTests {
    static func check(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBytes { NormalFormCheck.isSurelyNormal($0) }
    }

    @Test(arguments: 0..<8)
    func saysNormalOnlyForATextThatIsItsOwnNormalForm(seed: UInt64) throws {
        var twins = JSONRewriterTests.Twins(random: .init(state: seed))
        var (said, normal) = (0, 0)
        for _ in 0..<300 {
            let (a, b) = twins.pair(depth: 4)
            for text in [a, b] {
                let written = try JSONValue(parsing: text).jsonText
                if Self.check(text) {
                    said += 1
                    #expect(text == written, "\(text)")
                }
                if !written.contains("\\u") {
                    normal += 1
                    #expect(Self.check(written), "\(written)")
                }
            }
        }
        // Most texts are in normal form once written, and the check tells most of them.
        #expect(normal > 200 && said > 200, "said normal of \(said) texts; \(normal) written without \\u")
    }

    @Test func keysAreComparedWholeWhereTheirFirstEightBytesAgree() {
        #expect(Self.check(#"{"abcdefgh-1":1,"abcdefgh-2":2,"abcdefgh":3,"abcdefg":4}"#))
        #expect(!Self.check(#"{"abcdefgh-1":1,"x":{"abcdefgh-1":0},"abcdefgh-1":2}"#))
        #expect(Self.check(#"{"a":{"a":{"a":1}},"b":[{"a":1},{"a":2}]}"#))
        #expect(!Self.check(#"{"a":1,"b":[{"a":1,"a":2}]}"#))
        #expect(!Self.check(#"{"a\"":1,"b":2,"a\"":3}"#))
        #expect(Self.check(#"{"a\"":1,"a\\":2,"a":3}"#))
    }

    @Test func whatItCannotTellIsLeftToTheScan() {
        let deep = String(repeating: "[", count: 25) + String(repeating: "]", count: 25)
        let wide = "{" + (0..<25).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
        for text in [deep, wide, #"["\u0001"]"#, #""\u202e""#] {
            #expect(!Self.check(text), "\(text)")
            #expect(JSONRewriterTests.isNormal(text), "\(text)")
        }
        for text in [#"[1, 2]"#, #"{"a":1 }"#, " 1", #""\/""#, "\"\u{7F}\"", "\"\u{202E}\"", "\"\u{85}\""] {
            #expect(!Self.check(text), "\(text)")
            #expect(!JSONRewriterTests.isNormal(text), "\(text)")
        }
    }

    /// Numbers, literals and colons are skipped as runs: what ends a run —
    /// a comma, a bracket, a quote, white space — is still looked at.
    @Test func numbersAndLiteralsAreSkippedUpToWhatEndsThem() {
        for text in [#"[1e5,-1.5E+3,0.25,null,false,true]"#, #"{"a":-0,"b":[[1],{"c":2e-7}],"d":true}"#, "[[[]],{}]"] {
            #expect(Self.check(text), "\(text)")
            #expect(JSONRewriterTests.isNormal(text), "\(text)")
        }
        for text in ["[true ,1]", #"{"a":-1.5E+3 }"#, "[1,\tnull]", #"{"a":1,"b":2,"a":3}"#, "[1\n]"] {
            #expect(!Self.check(text), "\(text)")
        }
    }

    /// NormalFormCheck.swift.
    @Test func theCheckSaysWhatItKnows() {
        let normal = Array(#"{"a":[1,"x\n"],"b":{"a":true}}"#.utf8)
        let yes = normal.withUnsafeBytes { NormalFormCheck.isSurelyNormal($0) }  // true
        let repeated = Array(#"{"a":1,"a":2}"#.utf8)
        let no = repeated.withUnsafeBytes { NormalFormCheck.isSurelyNormal($0) }  // false
        #expect(yes)
        #expect(!no)
    }
}
