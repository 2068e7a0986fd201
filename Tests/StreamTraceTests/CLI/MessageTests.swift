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

    @Test func diffReportsATruncatedTail() async throws {
        let full = try CommandRunner.traceFile(
            #"{"streamtrace":1}"# + "\n" + #"{"t":0,"event":"value","value":1}"# + "\n")
        let cut = try CommandRunner.traceFile(
            #"{"streamtrace":1}"# + "\n" + #"{"t":0,"event":"value","value":1}"# + "\n" + #"{"t":1,"event":"val"#)
        let result = try await CommandRunner.run(["diff", full, cut])
        #expect(result.status == 1)
        #expect(
            result.lines.contains("end: the last line of actual is truncated: its writer stopped mid-line"), "\(result)"
        )
        #expect(result.stderr.contains("\(cut):3:1: warning: the last line is truncated"))
    }
}
#endif
