// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// Spec files and queries are scanned as Unicode scalars wherever syntax is
/// recognised: a combining mark (U+0301) right after a quote, a `#`, a
/// bracket or an operator joins it into one character, but not into one
/// token. Only the columns of messages count characters.
@Suite struct UnicodeSyntaxTests {
    /// A trace whose first value is a string that starts with U+0301 and
    /// holds `#`.
    static let trace = """
        {"streamtrace":1}
        {"t":1000,"event":"value","value":"\u{301}#1"}
        {"t":2000,"event":"finished"}

        """

    @Test func aSpecFileStringThatStartsWithACombiningMarkAndHoldsAHashIsNotCutAtTheHash() async throws {
        let spec = try CommandRunner.traceFile(
            "next == \"\u{301}#1\"\nfinished  # a comment after the mark's line\n", name: "mark.spec")
        let trace = try CommandRunner.traceFile(Self.trace)
        let result = try await CommandRunner.run(["check", "--spec", spec, trace])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.lines == [
                trace, "  PASS  next == \"\u{301}#1\"  \"\u{301}#1\"", "  PASS  finished", "2 passed, 0 failed",
            ])
    }

    @Test func aCommentAfterAStringThatStartsWithACombiningMarkIsStillAComment() async throws {
        let spec = try CommandRunner.traceFile("next contains \"\u{301}\" # \u{301}\"# not a query\n", name: "c.spec")
        let trace = try CommandRunner.traceFile(Self.trace)
        let result = try await CommandRunner.run(["check", "--spec", spec, trace])
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.dropFirst().first == "  PASS  next contains \"\u{301}\"  \"\u{301}#1\"", "\(result)")
    }

    @Test func aSectionWhoseGlobStartsWithACombiningMarkIsASection() async throws {
        let folder = try TraceFolder(["\u{301}a.jsonl": Self.trace, "b.jsonl": Self.trace])
        let spec = try CommandRunner.traceFile("[\u{301}*.jsonl]\ncount == 1\n", name: "section.spec")
        let result = try await CommandRunner.run(["check", "--spec", spec, folder.path])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.lines == [
                folder("b.jsonl"), "  UNCHECKED  no query applies to this trace", folder("\u{301}a.jsonl"),
                "  PASS  count == 1  1", "1 passed, 0 failed, 1 unchecked",
            ], "\(result)")
    }

    @Test func aQueryArgumentThatStartsWithACombiningMarkIsReadAsBytes() async throws {
        let trace = try CommandRunner.traceFile(Self.trace)
        let result = try await CommandRunner.run(["check", trace, "next where == \"\u{301}#1\"", "count ==\u{301} 1"])
        #expect(result.status == 2, "\(result)")
        #expect(
            result.stderr.hasPrefix(
                "streamtrace: error: query 2, column 7: unexpected '==\u{301}'; expected 'within' or a matcher (==, !=, contains, <, <=, >, >=)\n"
            ), "\(result)")
        let passing = try await CommandRunner.run(["check", trace, "next where == \"\u{301}#1\"", "count == 1"])
        #expect(
            passing.lines == [
                "PASS  next where == \"\u{301}#1\"  \"\u{301}#1\"", "PASS  count == 1          1", "2 passed, 0 failed",
            ], "\(passing)")
    }

    @Test func aColumnAfterACombiningMarkCountsCharactersAsAPersonDoes() async throws {
        let trace = try CommandRunner.traceFile(Self.trace)
        let result = try await CommandRunner.run(["check", trace, "next == \"\u{301}\" x"])
        #expect(result.status == 2, "\(result)")
        #expect(
            result.stderr.hasPrefix(
                "streamtrace: error: query 1, column 12: invalid JSON after '==': expected end of JSON, found 'x'"),
            "\(result)")
    }
}
#endif
