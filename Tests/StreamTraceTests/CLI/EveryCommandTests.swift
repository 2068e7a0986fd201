// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// `streamtrace check … 'every [within D] where MATCHER'`, run as a binary:
/// each row of the table in docs/queries.md, `within`, and the usage errors.
@Suite struct EveryCommandTests {
    /// 1, 2, 3 at 1, 2 and 3 ms; finished at 10 ms.
    static let positive = """
        {"streamtrace":1}
        {"t":1000000,"event":"value","value":1}
        {"t":2000000,"event":"value","value":2}
        {"t":3000000,"event":"value","value":3}
        {"t":10000000,"event":"finished"}

        """

    /// A line of `check`'s output up to its recent timeline (the renderer's),
    /// which must follow a failure.
    static func decided(_ line: String) -> String {
        let parts = line.components(separatedBy: "; recent: ")
        return line.hasPrefix("FAIL") && parts.count < 2 ? "(no recent timeline) " + line : parts[0]
    }

    func check(_ trace: String, _ queries: [String]) async throws -> CommandRunner.Result {
        try await CommandRunner.run(["check", try CommandRunner.traceFile(trace)] + queries)
    }

    @Test(arguments: [
        // Finished, every element matched: passes with the number of elements.
        (positive, "every where > 0", "PASS  every where > 0  3"),
        (#"{"streamtrace":1}"# + "\n" + #"{"t":5,"event":"finished"}"#, "every where > 0", "PASS  every where > 0  0"),
        // An element does not match: fails at that element, showing it.
        (
            positive, "every where < 2",
            "FAIL  every where < 2  expected every element where < 2, but element 2 is 2 (line 3, t=+2ms)"
        ),
        // Failed after elements that all matched: the stream's error.
        (
            CheckCommandTests.failedTrace, "every where == 1",
            "FAIL  every where == 1  expected the stream to finish, but the stream failed with MyError: boom (line 3, t=+5ms)"
        ),
        // An element that does not match fails it even in a failed stream.
        (
            CheckCommandTests.failedTrace, "every where == 2",
            "FAIL  every where == 2  expected every element where == 2, but element 1 is 1 (line 2, t=+0ns)"
        ),
        // Open or cancelled, all matched so far: not completed, as elements.
        (
            CheckCommandTests.openTrace, "every where > 0",
            "FAIL  every where > 0  not completed: last event is value (line 2, t=+1ms)"
        ),
        (
            CheckCommandTests.openTrace, "elements",
            "FAIL  elements  not completed: last event is value (line 2, t=+1ms)"
        ),
        (
            #"{"streamtrace":1}"# + "\n" + #"{"t":1,"event":"value","value":1}"# + "\n"
                + #"{"t":2,"event":"cancel"}"#,
            "every where > 0", "FAIL  every where > 0  not completed: the subscriber cancelled (line 3, t=+2ns)"
        ),
    ])
    func eachRowOfTheTable(trace: String, query: String, line: String) async throws {
        let result = try await check(trace, [query])
        #expect(result.lines.first.map(Self.decided) == line, "\(result)")
        #expect(result.status == (line.hasPrefix("PASS") ? 0 : 1), "\(result)")
    }

    @Test(arguments: [
        ("every within 20ms where > 0", "PASS  every within 20ms where > 0  3"),
        (
            "every within 2ms where > 0",
            "FAIL  every within 2ms where > 0  not completed within 2ms: last event is value (line 3, t=+2ms)"
        ),
        (
            "every within 2500us where < 2",
            "FAIL  every within 2500us where < 2  expected every element where < 2, but element 2 is 2 (line 3, t=+2ms)"
        ),
        // Past the window, an element that does not match does not count.
        (
            "every within 2ms where < 3",
            "FAIL  every within 2ms where < 3  not completed within 2ms: last event is value (line 3, t=+2ms)"
        ),
    ])
    func withinEndsTheWindow(query: String, line: String) async throws {
        let result = try await check(Self.positive, [query])
        #expect(result.lines.first.map(Self.decided) == line, "\(result)")
    }

    @Test func itReadsConsumedElementsTooAndConsumesNone() async throws {
        let result = try await check(Self.positive, ["next", "every where > 1", "every where > 0", "next"])
        #expect(
            result.lines.map(Self.decided) == [
                "PASS  next             1",
                "FAIL  every where > 1  expected every element where > 1, but element 1 is 1 (line 2, t=+1ms)",
                "PASS  every where > 0  3",
                "PASS  next             2",
                "3 passed, 1 failed",
            ], "\(result)")
    }

    @Test func objectsAreMatchedAsNextWhereMatchesThem() async throws {
        let trace = """
            {"streamtrace":1}
            {"t":1000000,"event":"value","value":{"ok":true,"id":1}}
            {"t":1500000000,"event":"value","value":{"ok":true,"id":2}}
            {"t":1600000000,"event":"finished"}

            """
        let result = try await check(trace, [#"every within 2s where contains {"ok":true}"#])
        #expect(result.lines == [#"PASS  every within 2s where contains {"ok":true}  2"#, "1 passed, 0 failed"])
    }

    @Test func aFailureInJSONCarriesItsReason() async throws {
        let path = try CommandRunner.traceFile(Self.positive)
        let result = try await CommandRunner.run(["check", "--format", "json", path, "every where < 2"])
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let results = document?["results"] as? [[String: Any]]
        #expect(results?.first?["reason"] as? String == "elementDidNotMatch", "\(result)")
        #expect(results?.first?["line"] as? Int == 3, "\(result)")
    }

    @Test(arguments: [
        (
            "not every where > 0",
            "query 1, column 1: 'not' inverts contains where MATCHER, finished, next, next where MATCHER, order STREAM [MATCHER] before STREAM [MATCHER] and prefix N only, not every"
        ),
        ("every", "query 1, column 6: incomplete query: expected every where MATCHER"),
        ("every within 2s", "query 1, column 16: incomplete query: expected every where MATCHER"),
        ("every == 3", "query 1, column 7: unexpected '=='; expected every where MATCHER"),
        ("every 2 where > 1", "query 1, column 7: unexpected '2'; expected every where MATCHER"),
        ("every where", "query 1, column 12: expected a matcher after 'where' (==, !=, contains, <, <=, >, >=)"),
        (
            "every where 3",
            "query 1, column 13: unexpected '3'; expected a matcher after 'where' (==, !=, contains, <, <=, >, >=)"
        ),
    ])
    func malformedEveryQueriesAreUsageErrors(query: String, message: String) async throws {
        let result = try await check(Self.positive, [query])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("streamtrace: error: \(message)\n"), "\(result)")
    }
}
#endif
