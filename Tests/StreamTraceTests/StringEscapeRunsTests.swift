import Testing

@testable import StreamTrace

/// Strings are crossed in runs: `JSONOutput.appendEscaping` skips eight
/// plain bytes at a time, and `JSONParser.withDecodedEscapes` copies the runs
/// between escapes whole. A character that needs a look is found wherever
/// it stands in a run and whatever follows it, and a long string decodes
/// on the heap as a short one decodes on the stack.
@Suite struct StringEscapeRunsTests {
    /// Each character `JSONOutput` writes otherwise than as it is, and how.
    static let escaped: [(Character, String)] = [
        ("\"", #"\""#), ("\\", #"\\"#), ("\n", #"\n"#), ("\t", #"\t"#), ("\u{1}", #"\u0001"#), ("\u{1F}", #"\u001f"#),
        ("\u{7F}", #"\u007f"#), ("\u{85}", #"\u0085"#), ("\u{202E}", #"\u202e"#), ("\u{2028}", #"\u2028"#),
    ]

    static func written(_ string: String) -> String {
        var output = JSONOutput()
        output.write(string: string)
        return output.string
    }

    @Test func aCharacterToEscapeIsFoundAtEveryPlaceInARun() {
        for (character, escape) in Self.escaped {
            for before in 0..<18 {
                for after in [0, 1, 7, 8, 9] {
                    let (head, tail) = (String(repeating: "a", count: before), String(repeating: "b", count: after))
                    let text = Self.written(head + String(character) + tail)
                    #expect(text == "\"" + head + escape + tail + "\"", "\(escape) after \(before), before \(after)")
                }
            }
        }
    }

    @Test func charactersThatStayAsTheyAreAreWrittenAsTheyAre() {
        for before in 0..<18 {
            let head = String(repeating: "x", count: before)
            for kept in ["é", "Østby", "🚀", "\u{2013}", "~ }{", "\u{A0}"] {
                #expect(Self.written(head + kept + head) == "\"" + head + kept + head + "\"")
            }
        }
    }

    /// `"…"` content with escapes, parsed; long enough to cross from the
    /// stack's decoding to the heap's.
    @Test(arguments: [0, 1, 7, 1000, 1017, 1018, 1019, 1030, 5000])
    func escapesAreDecodedAtEveryLength(padding: Int) throws {
        let pad = String(repeating: "p", count: padding)
        let json = #""\"\\\/\b\f\n\r\t"# + pad + #"\u00e9\ud83d\ude80"# + pad + #"\u2013x\\""#
        let expected = "\"\\/\u{8}\u{C}\n\r\t" + pad + "é🚀" + pad + "\u{2013}x\\"
        #expect(try JSONValue(parsing: json) == .string(expected))
        var decoded: [UInt8] = Array("kept".utf8)
        let content = Array(json.utf8.dropFirst().dropLast())
        content.withUnsafeBytes { JSONParser.withDecodedEscapes($0) { decoded.append(contentsOf: $0) } }
        #expect(String(decoding: decoded, as: UTF8.self) == "kept" + expected)
    }
}
