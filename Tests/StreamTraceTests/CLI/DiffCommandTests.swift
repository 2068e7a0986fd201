// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// `streamtrace diff`, run as a binary: one test per exit status.
@Suite struct DiffCommandTests {
    static let expected = """
        {"streamtrace":1,"stream":"search","clock":"virtual"}
        {"t":0,"event":"subscribe"}
        {"t":0,"event":"request","demand":"unlimited"}
        {"t":1000000,"event":"value","value":{"query":"s","hits":1}}
        {"t":2000000,"event":"value","value":"sw"}
        {"t":3000000,"event":"value","value":"swi"}
        {"t":3000000,"event":"finished"}

        """
    /// The same events: another key order, another clock name, a
    /// wall-clock start, `1.0` for `1`, and CRLF line ends.
    static let equivalent = """
        {"streamtrace":1,"stream":"search","clock":"continuous","started":"2026-11-22T10:00:00Z"}\r
        {"t":0,"event":"subscribe"}\r
        {"event":"request","t":0,"demand":"unlimited"}\r
        {"t":1000000,"event":"value","value":{"hits":1.0,"query":"s"}}\r
        {"t":2000000,"event":"value","value":"sw"}\r
        {"t":3000000,"event":"value","value":"swi"}\r
        {"t":3000000,"event":"finished"}\r

        """
    static let actual = """
        {"streamtrace":1,"stream":"search","clock":"virtual"}
        {"t":0,"event":"subscribe"}
        {"t":0,"event":"request","demand":"unlimited"}
        {"t":1000000,"event":"value","value":{"query":"s","hits":1}}
        {"t":2400000,"event":"value","value":"sw"}
        {"t":3000000,"event":"value","value":"swift"}

        """

    @Test func matchingTracesExitZero() async throws {
        let result = try await CommandRunner.run([
            "diff", try CommandRunner.traceFile(Self.expected), try CommandRunner.traceFile(Self.equivalent),
        ])
        #expect(result.status == 0)
        #expect(result.lines == ["traces match: 6 events, exact times"])
        #expect(result.stderr == "")
    }

    @Test func differingTracesExitOneWithAnEventByEventDiff() async throws {
        let expected = try CommandRunner.traceFile(Self.expected, name: "diff-expected.jsonl")
        let actual = try CommandRunner.traceFile(Self.actual, name: "diff-actual.jsonl")
        let result = try await CommandRunner.run(["diff", expected, actual])
        #expect(result.status == 1)
        let e = expected
        let pad = String(repeating: " ", count: expected.count - actual.count)
        #expect(
            result.lines == [
                "--- \(expected)  (6 events)",
                "+++ \(actual)  (5 events)",
                "event 4: times differ by +400us",
                #"- \#(e):5  t=+2ms  value "sw""#,
                #"+ \#(actual):5\#(pad)  t=+2.4ms  value "sw""#,
                "event 5: values differ",
                #"- \#(e):6  t=+3ms  value "swi""#,
                #"+ \#(actual):6\#(pad)  t=+3ms  value "swift""#,
                "event 6: only in expected",
                "- \(e):7  t=+3ms  finished",
                "traces differ: 3 differences (exact times), first at event 4 (line 5 of expected, line 5 of actual)",
                "expected: ---a---b-----(c|)", "actual:   ---a------b--d-", #"a = {"query":"s","hits":1}"#,
                #"b = "sw""#, #"c = "swi""#, #"d = "swift""#,
            ], "\(result)")
        #expect(result.stderr == "")
    }

    @Test func anInsertedEventIsOneDifferenceAndTheRestStillPairUp() async throws {
        let expected = try CommandRunner.traceFile(Self.expected, name: "diff-inserted-expected.jsonl")
        let inserted = Self.expected.replacingOccurrences(
            of: #"{"t":2000000,"event":"value","value":"sw"}"#,
            with: #"{"t":1500000,"event":"value","value":"s"}"# + "\n" + #"{"t":2000000,"event":"value","value":"sw"}"#)
        let actual = try CommandRunner.traceFile(inserted, name: "diff-inserted-actual.jsonl")
        let result = try await CommandRunner.run(["diff", expected, actual])
        #expect(result.status == 1)
        #expect(
            result.lines == [
                "--- \(expected)  (6 events)",
                "+++ \(actual)  (7 events)",
                "event 4: only in actual",
                #"+ \#(actual):5  t=+1.5ms  value "s""#,
                "traces differ: 1 difference (exact times), first at event 4 (line 5 of actual)",
                // Both timelines stop two events after the first difference.
                "expected: ---a-----c---d-", "actual:   ---a--b--c---d-", #"a = {"query":"s","hits":1}"#, #"b = "s""#,
                #"c = "sw""#, #"d = "swi""#,
            ], "\(result)")
    }

    @Test func toleranceAndIgnoreTimeRelaxTheTimes() async throws {
        let expected = try CommandRunner.traceFile(Self.expected)
        let actual = try CommandRunner.traceFile(Self.actual)
        let tolerant = try await CommandRunner.run(["diff", "--tolerance", "0.5ms", "--quiet", expected, actual])
        #expect(tolerant.status == 1)
        #expect(
            tolerant.lines == [
                "traces differ: 2 differences (times within 500us), first at event 5 (line 6 of expected, line 6 of actual)"
            ])
        let strict = try await CommandRunner.run(["diff", "--tolerance", "100us", "-q", expected, actual])
        #expect(
            strict.lines.first?.hasPrefix("traces differ: 3 differences (times within 100us), first at event 4") == true
        )
        let moved = Self.expected.replacingOccurrences(of: #""t":2000000"#, with: #""t":2900000"#)
        let ignoring = try await CommandRunner.run([
            "diff", "--ignore-time", expected, try CommandRunner.traceFile(moved),
        ])
        #expect(ignoring.status == 0)
        #expect(ignoring.lines == ["traces match: 6 events, times ignored"])
    }

    @Test func aDifferentStreamNameIsAHeaderDifference() async throws {
        let renamed = Self.expected.replacingOccurrences(of: #""stream":"search""#, with: #""stream":"lookup""#)
        let result = try await CommandRunner.run([
            "diff", "-q", try CommandRunner.traceFile(Self.expected), try CommandRunner.traceFile(renamed),
        ])
        #expect(result.status == 1)
        #expect(
            result.lines == [
                "traces differ: 1 difference (exact times), first at the header (line 1 of expected, line 1 of actual)"
            ])
    }

    @Test func oneSideMayBeStandardInput() async throws {
        let result = try await CommandRunner.run(
            ["diff", try CommandRunner.traceFile(Self.expected), "-"], stdin: Self.equivalent)
        #expect(result.status == 0, "\(result)")
    }

    @Test(arguments: [
        (["diff"], "missing EXPECTED and ACTUAL: the paths of two traces"),
        (["diff", "a.jsonl"], "missing ACTUAL: the paths of two traces"),
        (["diff", "a", "b", "c"], "diff takes two traces; unexpected 'c'"),
        (
            ["diff", "--tolerance", "soon", "a", "b"],
            "--tolerance needs a duration like 5ms or 1.5s (units: ns, us, ms, s, m, h); got 'soon'"
        ),
        (
            ["diff", "--ignore-time", "--tolerance", "1ms", "a", "b"],
            "--ignore-time and --tolerance cannot be used together"
        ),
        (["diff", "--limit", "0", "a", "b"], "--limit must be a whole number of at least 1; got '0'"),
        (["diff", "-", "-"], "only one of EXPECTED and ACTUAL can be - (standard input)"),
        (["diff", "--colour", "a", "b"], "unknown option '--colour'"),
    ])
    func usageErrorsExitTwo(arguments: [String], message: String) async throws {
        let result = try await CommandRunner.run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("streamtrace: error: \(message)"), "\(result)")
        #expect(result.stderr.hasSuffix("Run 'streamtrace help diff' for usage.\n"))
    }

    @Test func anUnreadableTraceExitsThreeWithItsLocation() async throws {
        let good = try CommandRunner.traceFile(Self.expected)
        let damaged = Self.expected.replacingOccurrences(
            of: #"{"t":2000000,"event":"value","value":"sw"}"#, with: #"{"t":2000000,"event":"value"}"#)
        let bad = try CommandRunner.traceFile(damaged, name: "diff-bad.jsonl")
        let malformed = try await CommandRunner.run(["diff", good, bad])
        #expect(malformed.status == 3)
        #expect(malformed.stdout == "")
        #expect(malformed.stderr == "\(bad):5:1: a value event needs a \"value\"\n", "\(malformed)")
        let missing = try await CommandRunner.run(["diff", "/no/such/trace.jsonl", good])
        #expect(missing.status == 3)
        #expect(missing.stderr == "/no/such/trace.jsonl: cannot open: no such file\n")
    }

    @Test func helpDescribesTheCommand() async throws {
        let result = try await CommandRunner.run(["help", "diff"])
        #expect(result.status == 0)
        #expect(result.lines.first == "USAGE")
        #expect(result.stdout.contains("--tolerance DURATION"))
    }
}
#endif
