// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// `streamtrace check … 'next where MATCHER'`, run as a binary.
@Suite struct NextWhereCommandTests {
    func check(_ trace: String, _ queries: [String]) async throws -> CommandRunner.Result {
        try await CommandRunner.run(["check", try CommandRunner.traceFile(trace)] + queries)
    }

    @Test(arguments: [
        (#"next where == "b""#, #"PASS  next where == "b"  "b""#),
        (#"next where contains "c""#, #"PASS  next where contains "c"  "c""#),
        (
            "next where > 3",
            #"FAIL  next where > 3  expected an element where > 3 before the stream finished; skipped 3 elements, the last "c" (line 6, t=+10ms); recent: -a-b-c---|  a = "a", b = "b", c = "c""#
        ),
        (
            #"next within 1500us where == "b""#,
            #"FAIL  next within 1500us where == "b"  expected an element where == "b" within 1500us; skipped 1 element: "a" (line 3, t=+1ms); recent: ---a-  a = "a""#
        ),
        (#"not next where == "z""#, #"PASS  not next where == "z""#),
        (#"not next within 1500us where == "b""#, #"PASS  not next within 1500us where == "b""#),
        (
            #"not next where contains "c""#,
            #"FAIL  not next where contains "c"  expected no element where contains "c", but got "c" (line 5, t=+3ms); recent: -a-b-c---|  a = "a", b = "b", c = "c""#
        ),
    ])
    func onAFinishedTrace(query: String, line: String) async throws {
        let result = try await check(CheckCommandTests.finishedTrace, [query])
        #expect(
            result.lines == [line, line.hasPrefix("PASS") ? "1 passed, 0 failed" : "0 passed, 1 failed"], "\(result)")
        #expect(result.status == (line.hasPrefix("PASS") ? 0 : 1))
    }

    @Test func itConsumesUpToTheElementItFindsAndAFailureConsumesNothing() async throws {
        let result = try await check(
            CheckCommandTests.finishedTrace, [#"next where == "z""#, "next", #"next where == "c""#, "not next"])
        #expect(
            result.lines == [
                #"FAIL  next where == "z"  expected an element where == "z" before the stream finished; skipped 3 elements, the last "c" (line 6, t=+10ms); recent: -a-b-c---|  a = "a", b = "b", c = "c""#,
                #"PASS  next               "a""#,
                #"PASS  next where == "c"  "c""#,
                #"FAIL  not next           expected no element and no completion, but the stream finished (line 6, t=+10ms); recent: -a-b-c---|  a = "a", b = "b", c = "c""#,
                "2 passed, 2 failed",
            ], "\(result)")
    }

    @Test func aFailedStreamFailsItWithTheStreamsError() async throws {
        let result = try await check(CheckCommandTests.failedTrace, ["next where == 2", "not next where == 2"])
        #expect(
            result.lines == [
                "FAIL  next where == 2      expected an element where == 2, but the stream failed with MyError: boom; skipped 1 element: 1 (line 3, t=+5ms); recent: a---#  a = 1",
                "PASS  not next where == 2",
                "1 passed, 1 failed",
            ], "\(result)")
    }

    @Test func onAnOpenTraceTheTraceEndsTheWindow() async throws {
        let result = try await check(CheckCommandTests.openTrace, ["next where == 2"])
        #expect(
            result.lines.first
                == "FAIL  next where == 2  expected an element where == 2 before the trace ends; skipped 1 element: 1 (line 2, t=+1ms); recent: ---a-  a = 1"
        )
    }

    @Test func jsonOutputGivesTheElementAndItsLine() async throws {
        let path = try CommandRunner.traceFile(CheckCommandTests.finishedTrace)
        let result = try await CommandRunner.run([
            "check", "--format", "json", path, "next where >= 1", #"next where == "b""#,
        ])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                #"{"query":"next where == \"b\"","status":"pass","value":"b","line":4,"t":2000000}"#), "\(result)")
    }

    @Test(arguments: [
        (["next where"], "query 1, column 11: expected a matcher after 'where' (==, !=, contains, <, <=, >, >=)"),
        (
            ["next where 3"],
            "query 1, column 12: unexpected '3'; expected a matcher after 'where' (==, !=, contains, <, <=, >, >=)"
        ),
        (
            ["next 2 where == 1"],
            "query 1, column 8: 'where' does not apply to next 2; it follows next: next where MATCHER"
        ),
        (
            ["count where == 1"],
            "query 1, column 7: 'where' does not apply to count"
        ),
        (
            ["next where == [1,"],
            "query 1, column 18: invalid JSON after '==': expected a JSON value, found end of line"
        ),
    ])
    func malformedWhereClausesAreUsageErrors(queries: [String], message: String) async throws {
        let result = try await check(CheckCommandTests.finishedTrace, queries)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix("streamtrace: error: \(message)\n"), "\(result)")
    }
}
#endif
