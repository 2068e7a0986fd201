// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// A long value in `check`'s text report, off a terminal, goes out as the
/// bytes the pass kept when nothing in them needs escaping, non-ASCII
/// text included; a character a terminal must not see is still escaped.
@Suite struct LongValueTextTests {
    /// A finished trace of 12,000 strings holding `text`: 0.5 MB or more of values.
    static func trace(_ text: String) -> String {
        var lines = #"{"streamtrace":1}"# + "\n"
        for i in 0..<12_000 { lines += #"{"t":\#(i),"event":"value","value":"\#(i) \#(text)"}"# + "\n" }
        return lines + #"{"t":12000,"event":"finished"}"# + "\n"
    }

    @Test func aLongValueOfNonASCIITextIsWrittenAsItIs() async throws {
        let text = "café \\\"Østby\\\" 🚀 日本 " + String(repeating: "x", count: 40)
        let path = try CommandRunner.traceFile(Self.trace(text))
        let result = try await CommandRunner.run(["check", path, "elements"])
        #expect(result.status == 0)
        let line = try #require(result.lines.first)
        let elements = (0..<12_000).map { #""\#($0) \#(text)""# }.joined(separator: ",")
        #expect(line == "PASS  elements  [" + elements + "]")
    }

    @Test func aCharacterATerminalMustNotSeeIsEscapedInALongValue() async throws {
        // U+202E (a bidi override) and U+0085 (a C1 control) are valid unescaped in a JSON string.
        let path = try CommandRunner.traceFile(Self.trace("a\u{202E}b\u{85}c é"))
        let result = try await CommandRunner.run(["check", path, "prefix 11000"])
        #expect(result.status == 0)
        let line = try #require(result.lines.first)
        #expect(line.hasPrefix(#"PASS  prefix 11000  ["0 a\u202eb\u0085c é","1 a\u202eb"#))
        #expect(line.hasSuffix(#"10999 a\u202eb\u0085c é"]"#))
        #expect(!line.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x85 })
    }
}
#endif
