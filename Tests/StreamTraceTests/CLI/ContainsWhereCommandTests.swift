// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// `streamtrace check … '[not] contains [within D] where MATCHER'`, run as a
/// binary: its rows of the table in docs/queries.md, consumed elements,
/// `within`, and its reason in JSON.
@Suite struct ContainsWhereCommandTests {
    func check(_ trace: String, _ queries: [String]) async throws -> CommandRunner.Result {
        try await CommandRunner.run(["check", try CommandRunner.traceFile(trace)] + queries)
    }

    @Test(arguments: [
        (EveryCommandTests.positive, "contains where > 1", "PASS  contains where > 1  2"),
        (
            EveryCommandTests.positive, "contains where > 3",
            "FAIL  contains where > 3  expected an element where > 3 before the stream finished; none of 3 elements "
                + "matched (line 5, t=+10ms)"
        ),
        (
            CheckCommandTests.failedTrace, "contains where == 7",
            "FAIL  contains where == 7  expected an element where == 7, but the stream failed with MyError: boom; "
                + "the 1 element did not match (line 3, t=+5ms)"
        ),
        (EveryCommandTests.positive, "not contains where > 3", "PASS  not contains where > 3"),
        (
            EveryCommandTests.positive, "not contains where == 2",
            "FAIL  not contains where == 2  expected no element where == 2, but element 2 is 2 (line 3, t=+2ms)"
        ),
        (
            EveryCommandTests.positive, "contains within 2500us where == 3",
            "FAIL  contains within 2500us where == 3  expected an element where == 3 within 2500us; none of 2 "
                + "elements matched (line 3, t=+2ms)"
        ),
    ])
    func eachRowOfTheTable(trace: String, query: String, line: String) async throws {
        let result = try await check(trace, [query])
        #expect(result.lines.first.map(EveryCommandTests.decided) == line, "\(result)")
        #expect(result.status == (line.hasPrefix("PASS") ? 0 : 1), "\(result)")
    }

    @Test func itReadsConsumedElementsTooAndConsumesNone() async throws {
        let result = try await check(EveryCommandTests.positive, ["next 2", "contains where == 1", "next"])
        #expect(
            result.lines == [
                "PASS  next 2               [1,2]",
                "PASS  contains where == 1  1",
                "PASS  next                 3",
                "3 passed, 0 failed",
            ], "\(result)")
    }

    @Test func aFailureInJSONCarriesItsReason() async throws {
        let path = try CommandRunner.traceFile(EveryCommandTests.positive)
        let result = try await CommandRunner.run(["check", "--format", "json", path, "contains where > 3"])
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let results = document?["results"] as? [[String: Any]]
        #expect(results?.first?["reason"] as? String == "noMatchingElement", "\(result)")
        #expect(results?.first?["line"] as? Int == 5, "\(result)")
    }
}
#endif
