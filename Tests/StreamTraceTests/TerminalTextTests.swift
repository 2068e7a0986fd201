import Foundation
import StreamTrace
import Testing

/// The one sanitizer and the one layout policy.
@Suite struct TerminalTextTests {
    @Test(arguments: [
        ("\n", #"\n"#), ("\r", #"\r"#), ("\t", #"\t"#), ("\u{1B}", #"\u001b"#), ("\u{0}", #"\u0000"#),
        ("\u{7F}", #"\u007f"#), ("\u{9B}", #"\u009b"#), ("\u{202E}", #"\u202e"#), ("\u{2066}", #"\u2066"#),
        ("\u{200F}", #"\u200f"#), ("\u{61C}", #"\u061c"#), ("\u{2028}", #"\u2028"#),
    ])
    func everyControlBidiAndSeparatorIsEscaped(raw: String, escaped: String) {
        #expect(TerminalText.escaped("a\(raw)b") == "a\(escaped)b")
    }

    @Test func printableTextIsLeftAlone() {
        for text in ["plain", "日本語", "e\u{301}", "👍🏽", "\u{A0}nbsp", "quote \" and \\ backslash"] {
            #expect(TerminalText.escaped(text) == text)
        }
    }

    /// The escaper reads a string's bytes to decide whether anything needs
    /// escaping: every scalar of the planes in use (and the first of each
    /// higher one) is escaped exactly when `isUnsafe` says, beside ASCII
    /// and non-ASCII neighbours.
    @Test(.cpuBound) func theByteCheckAgreesWithIsUnsafeForEveryScalar() {
        let scalars = (0..<0x3_0000).compactMap(Unicode.Scalar.init) + (3...16).compactMap { Unicode.Scalar($0 << 16) }
        for scalar in scalars {
            let expected = TerminalText.isUnsafe(scalar) ? TerminalText.escape(scalar) : String(scalar)
            let name = "U+\(String(scalar.value, radix: 16))"
            #expect(TerminalText.escaped("é\(scalar)x") == "é\(expected)x", "\(name)")
            #expect(TerminalText.escaped("é\(scalar)") == "é\(expected)", "\(name) last")
        }
    }

    /// Long text is checked 8 bytes at a time: an unsafe scalar (or a
    /// safe one of the same lead bytes) at each place of a word is still
    /// told apart.
    @Test(.cpuBound) func theWordAtATimeCheckFindsAnUnsafeScalarAtEveryPlace() {
        let scalars =
            (0..<0x100).compactMap(Unicode.Scalar.init)
            + [0x061B, 0x061C, 0x200D, 0x200E, 0x200F, 0x2027, 0x2028, 0x202E, 0x202F, 0x2065, 0x2066, 0x2069, 0x206A]
            .compactMap(Unicode.Scalar.init)
        for scalar in scalars {
            let expected = TerminalText.isUnsafe(scalar) ? TerminalText.escape(scalar) : String(scalar)
            for place in 0...9 {
                let before = "é" + String(repeating: "a", count: place)
                let after = String(repeating: "b", count: 17)
                #expect(TerminalText.escaped(before + String(scalar) + after) == before + expected + after)
            }
        }
    }

    @Test func widthCountsGraphemesWideAsTwoAndMarksAsNone() {
        #expect(TerminalText.width("abc") == 3)
        #expect(TerminalText.width("日本") == 4)
        #expect(TerminalText.width("e\u{301}") == 1)
        #expect(TerminalText.width("👍🏽") == 2)
        #expect(TerminalText.width("ｆｕｌｌ") == 8)
        #expect(TerminalText.width("\u{1B}") == 6)  // shown as \u001b
    }

    @Test func truncationNeverTrapsAndNeverExceedsTheWidth() {
        let texts = ["", "a", "日本語日本語", "👍🏽👍🏽👍🏽", "e\u{301}e\u{301}e\u{301}", String(repeating: "x", count: 500)]
        for text in texts {
            for columns in [-5, 0, 1, 2, 3, 7, 10_000] {
                let cut = TextLayout.truncated(text, to: columns)
                #expect(TerminalText.width(cut) <= max(columns, 0), "\(text) in \(columns)")
                if TerminalText.width(text) <= columns {
                    #expect(cut == text)
                } else if columns > 0 {
                    #expect(cut.hasSuffix("…"))
                }
                #expect(
                    TerminalText.width(TextLayout.fitted(text, to: columns)) == max(columns, 0)
                        || TerminalText.width(text) > columns)
            }
        }
        #expect(TextLayout.truncated("日本語", to: 4) == "日…")
        #expect(TextLayout.padded("日本", to: 6) == "日本  ")
    }

    /// Found by the layout fuzzer: a prepended concatenation mark (U+0603)
    /// at the end of a value joins the first space of its padding into one
    /// grapheme, which left the line a column short; a combining mark at
    /// the start of a right-aligned value joins the last space the same way.
    @Test func paddingAroundACharacterThatJoinsItsNeighbourStillFillsTheWidth() {
        let value = "\"" + String(repeating: "\u{FFFD}", count: 45) + "\u{0603}"
        let fitted = TextLayout.fitted(TerminalText.escaped(value), to: 123)
        #expect(TerminalText.width(fitted) == 123)
        #expect(fitted.unicodeScalars.starts(with: TerminalText.escaped(value).unicodeScalars))
        let right = TextLayout.padded("\u{301}x", to: 10, alignment: .right)
        #expect(TerminalText.width(right) == 10)
        let alone = TextLayout.fitted(TerminalText.escaped("\u{0603}"), to: 216)  // the mark alone is 0 wide
        #expect(TerminalText.width(alone) == 216)
    }
}

/// JSON strings compare by Unicode scalars, everywhere.
@Suite struct ExactJSONEqualityTests {
    @Test func stringsAndKeysThatAreOnlyCanonicallyEqualDiffer() throws {
        let precomposed = try JSONValue(parsing: #""\u00e9""#)
        let decomposed = try JSONValue(parsing: #""e\u0301""#)
        #expect(precomposed != decomposed)
        #expect(Set([precomposed, decomposed]).count == 2)
        let object = try JSONValue(parsing: #"{"\u00e9":1,"e\u0301":2}"#)
        guard case .object(let entries) = object else {
            Issue.record("not an object")
            return
        }
        #expect(entries.count == 2)
        #expect(entries["\u{E9}"] == 1)
        #expect(entries["e\u{301}"] == 2)
        #expect(!JSONValue.string("café").contains(.string("e\u{301}")))
        #expect(JSONValue.string("cafe\u{301}").contains(.string("e\u{301}")))
    }

    @Test func aRepeatedKeyIsStillOneKey() throws {
        #expect(try JSONValue(parsing: #"{"a":1,"a":2}"#) == ["a": 2])
    }
}
