// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// Traces written to attack whoever reads them: escape sequences, forged
/// lines, look-alike strings, huge names. Every command shows them escaped
/// and compares them exactly.
@Suite struct HostileTraceTests {
    static let evil = #"""
        {"streamtrace":1,"stream":"evil\u001b[2J\nPASS  forged","clock":"virtual"}
        {"t":0,"event":"value","value":"\u001b[31mred"}
        {"t":1,"event":"failure","error":{"type":"E","message":"boom\u001b[2J\nPASS  next  forged"}}

        """#

    @Test func aNewlineOrEscapeInATraceCannotForgeOrColourACheckLine() async throws {
        let result = try await CommandRunner.run(["check", try CommandRunner.traceFile(Self.evil), "finished", "next"])
        #expect(result.status == 1)
        #expect(
            result.lines == [
                #"FAIL  finished  expected the stream to finish, but the stream failed with E: boom\u001b[2J\nPASS  next  forged (line 3, t=+1ns); recent: a---#  a = "\u001b[31mred""#,
                #"PASS  next      "\u001b[31mred""#,
                "1 passed, 1 failed",
            ], "\(result)")
        #expect(!result.stdout.contains("\u{1B}"))
    }

    @Test func showEscapesTheStreamNameValuesAndErrors() async throws {
        let result = try await CommandRunner.run(["show", "--width", "100", try CommandRunner.traceFile(Self.evil)])
        #expect(result.lines.first == #"stream:    evil\u001b[2J\nPASS  forged"#)
        #expect(result.lines.contains(#"status:    failed (E: boom\u001b[2J\nPASS  next  forged)"#))
        #expect(result.lines.contains(#"      +1ns        +1ns  failure    E: boom\u001b[2J\nPASS  next  forged"#))
        #expect(!result.stdout.contains("\u{1B}"))
    }

    @Test func rawC1AndBidiCharactersAreEscapedInTextAndJSON() async throws {
        var bytes = Array(#"{"streamtrace":1}"#.utf8) + [0x0A]
        bytes +=
            Array(#"{"t":0,"event":"value","value":"a"#.utf8) + [0xE2, 0x80, 0xAE] + Array("b".utf8) + [0xC2, 0x9B]
        bytes += Array("c".utf8) + [0x7F] + Array(#""}"#.utf8) + [0x0A]
        let path = temporaryPath("raw-controls.jsonl")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let text = try await CommandRunner.run(["check", path, "next"])
        #expect(text.lines.first == #"PASS  next  "a\u202eb\u009bc\u007f""#)
        let json = try await CommandRunner.run(["show", "--format", "json", path])
        #expect(json.lines.last == #"{"t":0,"event":"value","value":"a\u202eb\u009bc\u007f"}"#)
    }

    @Test func stringsAreEqualOnlyScalarForScalar() async throws {
        let decomposed = try CommandRunner.traceFile(
            #"{"streamtrace":1}"# + "\n" + #"{"t":0,"event":"value","value":"e\u0301"}"# + "\n")
        let check = try await CommandRunner.run(["check", decomposed, #"next == "é""#])
        #expect(check.status == 1)
        #expect(check.lines.first?.hasPrefix(#"FAIL  next == "é"  expected == "é", got "e\u0301""#) == true, "\(check)")
        let precomposed = try CommandRunner.traceFile(
            #"{"streamtrace":1}"# + "\n" + #"{"t":0,"event":"value","value":"\u00e9"}"# + "\n")
        let diff = try await CommandRunner.run(["diff", decomposed, precomposed])
        #expect(diff.status == 1)
        #expect(diff.lines.contains("event 1: values differ"))
        #expect(diff.stdout.contains(#"value "e\u0301""#) && diff.stdout.contains(#"value "\u00e9""#), "\(diff)")
    }

    @Test func anObjectKeepsKeysThatAreOnlyCanonicallyEqual() async throws {
        let trace = try CommandRunner.traceFile(
            #"{"streamtrace":1}"# + "\n" + #"{"t":0,"event":"value","value":{"\u00e9":1,"e\u0301":2}}"# + "\n")
        let result = try await CommandRunner.run(["show", "--format", "json", trace])
        #expect(result.lines.last == #"{"t":0,"event":"value","value":{"é":1,"é":2}}"#)
        let check = try await CommandRunner.run(["check", trace, #"next contains {"\u00e9": 1, "e\u0301": 2}"#])
        #expect(check.status == 0, "\(check)")
    }

    @Test func hugeInputsAreNotEchoedWhole() async throws {
        let kind = String(repeating: "x", count: 100_000)
        let trace = try CommandRunner.traceFile(#"{"streamtrace":1}"# + "\n" + #"{"t":0,"event":"\#(kind)"}"# + "\n")
        let unreadable = try await CommandRunner.run(["check", trace, "count"])
        #expect(unreadable.status == 3)
        #expect(unreadable.stderr.hasPrefix(#"\#(trace):2:16: unknown event kind "xxxxxxxxx"#))
        #expect(unreadable.stderr.utf8.count < 300, "\(unreadable.stderr.utf8.count) bytes")
        let query = String(repeating: "z", count: 100_000)
        let usage = try await CommandRunner.run(["check", CommandRunner.sample("search.jsonl"), query])
        #expect(usage.status == 2)
        #expect(usage.stderr.utf8.count < 600, "\(usage.stderr.utf8.count) bytes")
        #expect(usage.stderr.contains("unknown expectation 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz…'"))
    }
}
#endif
