// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// What the structure-aware fuzzers of `diff` and `show` found (Fuzz/FuzzDiff.swift,
/// Fuzz/FuzzShow.swift; their inputs are in Fuzz/Seeds/diff and Fuzz/Seeds/show),
/// through the binary. Both findings were time: a value of n elements or keys took
/// time in n² to read (each element copied the array or dictionary built so far):
/// 23 s for 32,768 elements in a debug build, minutes for the fuzzers' 131,072.
/// Each run of the binary has a one-minute hang bound, far above what it takes
/// now; the bound is the child's own run (a time limit on the test would count
/// its wait for a child-process slot behind the rest of the CLI suite as well).
@Suite struct FuzzFindingTests {
    /// Runs the binary, killed if it runs a minute.
    static func run(_ arguments: [String]) async throws -> CommandRunner.Result {
        try await CommandRunner.run(arguments, hangBound: .seconds(60))
    }

    /// A header whose `meta` is 32,768 empty arrays, whole or cut off: every
    /// command fails at once at the header, as for a small one.
    @Test func aHeaderWithAWideMetaFailsAtTheHeaderInEveryCommand() async throws {
        let meta = "{\"streamtrace\":1,\"meta\":[" + Array(repeating: "[]", count: 32_768).joined(separator: ",")
        let whole = try CommandRunner.traceFile(meta + "]}\n")
        let cut = try CommandRunner.traceFile(meta)
        for arguments in [["check", "X", "count"], ["show", "X"], ["diff", "X", "X"]] {
            let wholeRun = try await Self.run(arguments.map { $0 == "X" ? whole : $0 })
            #expect(wholeRun.status == 3, "\(wholeRun)")
            #expect(wholeRun.stderr == "\(whole):1:25: \"meta\" must be an object, found array\n", "\(arguments)")
            let cutRun = try await Self.run(arguments.map { $0 == "X" ? cut : $0 })
            #expect(cutRun.status == 3, "\(cutRun)")
            #expect(
                cutRun.stderr
                    == "\(cut):1:98329: the header line is truncated (no newline, not valid JSON): "
                    + "not a trace header: expected ',' or ']' in an array, found end of line\n", "\(arguments)")
        }
    }

    /// An array of 32,768 empty arrays and an object of 32,768 keys: shown
    /// (cut to the width, named in the legend), written back as read by
    /// `show --format json`, and equal to themselves in `diff`.
    @Test func valuesOf32768ElementsOrKeysAreShownWrittenBackAndDiffed() async throws {
        let count = 32_768
        let array = "[" + Array(repeating: "[]", count: count).joined(separator: ",") + "]"
        let object = "{" + (0..<count).map { "\"k\($0)\":{}" }.joined(separator: ",") + "}"
        let text = """
            {"streamtrace":1,"stream":"wide"}
            {"t":0,"event":"value","value":\(array)}
            {"t":1,"event":"value","value":\(object)}
            {"t":2,"event":"finished"}

            """
        let trace = try CommandRunner.traceFile(text)
        let shown = try await Self.run(["show", "--width", "80", trace])
        #expect(shown.status == 0, "\(shown)")
        #expect(
            Array(shown.lines.dropFirst(6).prefix(4)) == [
                "         t          Δt  event      value",
                "      +0ns        +0ns  value      [[],[],[],[],[],[],[],[],[],[],[],[],[],[],[…",
                "      +1ns        +1ns  value      {\"k0\":{},\"k1\":{},\"k2\":{},\"k3\":{},\"k4\":{},\"k5…",
                "      +2ns        +1ns  finished",
            ], "\(shown.lines.prefix(12))")
        let json = try await Self.run(["show", "--format", "json", trace])
        #expect(json.stdout == text)
        let diff = try await Self.run(["diff", trace, trace])
        #expect(diff.lines == ["traces match: 3 events, exact times"], "\(diff)")
    }
}
#endif
