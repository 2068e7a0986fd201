// Runs the built binaries or reads the package's files: macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// `show FOLDER` of a group's traces: events at one time in the group's order, and a folder that breaks it.
@Suite struct ShowGroupFolderTests {
    @Test func aGroupsEventsAtOneTimeAreShownInTheirNumbersOrderNotInPathOrder() async throws {
        // At +4ms results' "x" has the lower number: it comes before query's "b", whose path is first.
        let folder = try TraceFolder(DiffGroupOrderTests.search(group: "search", numbers: [3, 4, 2, 5]))
        let result = try await CommandRunner.run(["show", "--width", "100", folder.path])
        #expect(result.status == 0, "\(result)")
        let table = result.lines.drop { !$0.hasSuffix("event      value") }.prefix { !$0.isEmpty }
        #expect(
            Array(table) == [
                "         t          Δt  stream   event      value",
                "      +0ns        +0ns  query    value      \"a\"",
                "      +0ns        +0ns  results  value      \"w\"",
                "      +4ms        +4ms  results  value      \"x\"",
                "      +4ms        +0ns  query    value      \"b\"",
                "      +4ms        +0ns  query    finished",
                "      +4ms        +0ns  results  finished",
            ], "\(result)")
    }

    @Test func aRepeatedNumberExitsThreeWithOneLine() async throws {
        let folder = try TraceFolder(DiffGroupOrderTests.search(group: "search", numbers: [3, 4, 3, 5]))
        let result = try await CommandRunner.run(["show", "--width", "100", folder.path])
        #expect(result.status == 3, "\(result)")
        #expect(
            result.stderr
                == "\(folder("results.jsonl")):3:1: \"seq\" 3 repeats the number of \(folder("query.jsonl")):3: "
                + "each event of a group has its own\n", "\(result)")
    }
}
#endif
