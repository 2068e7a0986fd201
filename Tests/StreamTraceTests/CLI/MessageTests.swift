// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// Messages that say what happened, exactly.
@Suite struct MessageTests {
    @Test func aDurationFinerThanANanosecondIsAnErrorNotRounded() async throws {
        let path = CommandRunner.sample("search.jsonl")
        let result = try await CommandRunner.run(["check", path, "finished within 1.5ns"])
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix(
                "streamtrace: error: query 1, column 17: duration '1.5ns' is not a whole number of nanoseconds\n"))
        let exact = try await CommandRunner.run(["check", path, "not finished within 1e-9s", "finished within 0.5m"])
        #expect(exact.lines == ["PASS  not finished within 1e-9s", "PASS  finished within 0.5m", "2 passed, 0 failed"])
    }

    @Test func aWindowBeforeTheFirstEventSaysSoRatherThanNoEvents() async throws {
        let trace = try CommandRunner.traceFile(
            #"{"streamtrace":1}"# + "\n" + #"{"t":5000000000,"event":"value","value":1}"# + "\n")
        let result = try await CommandRunner.run(["check", trace, "finished within 1s"])
        #expect(
            result.lines.first
                == "FAIL  finished within 1s  not completed within 1s: no event in the window, the first is value (line 2, t=+5s); recent: -"
        )
    }

    @Test func lastOnAnEmptyFinishedStreamShowsNull() async throws {
        let trace = try CommandRunner.traceFile(
            #"{"streamtrace":1}"# + "\n" + #"{"t":0,"event":"finished"}"# + "\n")
        let result = try await CommandRunner.run(["check", trace, "last", "finished"])
        #expect(result.lines == ["PASS  last      null", "PASS  finished", "2 passed, 0 failed"])
    }

    @Test func diffReadsATruncatedTailAsCheckAndShowDo() async throws {
        let full = try CommandRunner.traceFile(
            #"{"streamtrace":1}"# + "\n" + #"{"t":0,"event":"value","value":1}"# + "\n")
        let cut = try CommandRunner.traceFile(
            #"{"streamtrace":1}"# + "\n" + #"{"t":0,"event":"value","value":1}"# + "\n" + #"{"t":1,"event":"val"#)
        let warning =
            "\(cut):3:1: warning: the last line is truncated (no newline, not valid JSON); "
            + "it is ignored and the trace is treated as open\n"
        let diff = try await CommandRunner.run(["diff", full, cut])
        #expect(diff.status == 0, "\(diff)")
        #expect(diff.lines.last == "traces match: 1 events, exact times", "\(diff)")
        #expect(diff.stderr == warning)
        let check = try await CommandRunner.run(["check", cut, "count == 1", "not finished"])
        #expect(check.status == 0, "\(check)")
        #expect(check.stderr == warning)
        let show = try await CommandRunner.run(["show", cut])
        #expect(show.status == 0, "\(show)")
        #expect(show.stderr == warning)
        #expect(show.lines.contains("status:    truncated (the last line was cut off; the trace is open)"), "\(show)")
    }

    /// Runs `script` in bash with the binary as `$0`.
    func bash(_ script: String, _ arguments: [String]) async throws -> CommandRunner.Result {
        try await CommandRunner.run(["-c", script, CommandRunner.binary.path] + arguments, executable: "/bin/bash")
    }

    @Test(arguments: [
        ["diff", "-", "search.jsonl"], ["diff", "search.jsonl", "-"], ["check", "-", "count"],
        ["check", "search.jsonl", "-", "-e", "count"], ["show", "-"], ["show", "search.jsonl", "-"],
        ["export", "--format", "chrome", "search.jsonl", "-"],
    ])
    func aClosedStandardInputIsNamedAsClosedByEveryCommand(arguments: [String]) async throws {
        let paths = arguments.map { $0.hasSuffix(".jsonl") ? CommandRunner.sample($0) : $0 }
        let result = try await bash(#""$0" "$@" <&- >/dev/null; echo "status=$?""#, paths)
        #expect(result.stdout == "status=3\n", "\(result)")
        #expect(result.stderr.contains("<stdin>: cannot open: Bad file descriptor\n"), "\(result)")
        #expect(!result.stderr.contains("empty trace"), "\(result)")
    }
}
#endif
