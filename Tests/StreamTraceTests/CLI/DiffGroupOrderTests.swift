// Runs the built binaries or reads the package's files: macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// `streamtrace diff EXPECTED_DIR ACTUAL_DIR` of folders recorded as groups: the order across their streams at one time.
@Suite struct DiffGroupOrderTests {
    /// A trace of the stream `stream` in the group `group`: `events` are `(t in ms, seq, event JSON members)`.
    static func trace(_ stream: String, group: String?, _ events: [(Int, Int, String)]) -> String {
        let header = "{\"streamtrace\":1,\"stream\":\"\(stream)\"" + (group.map { ",\"group\":\"\($0)\"" } ?? "")
        let lines = events.map { t, seq, members in
            "{\"t\":\(t * 1_000_000)" + (group == nil ? "" : ",\"seq\":\(seq)") + ",\(members)}"
        }
        return ([header + ",\"clock\":\"virtual\",\"at\":0}"] + lines).joined(separator: "\n") + "\n"
    }

    /// A search: `query` sends "a" then "b"; `results` shows "w" then "x"; "b" and "x" (and both ends) at +4ms, in the
    /// order of `numbers` (the `seq` of query's "b", its end, results' "x", its end).
    static func search(group: String?, numbers: [Int] = [2, 4, 3, 5], first: Int = 0) -> [String: String] {
        let value = { (text: String) in "\"event\":\"value\",\"value\":\"\(text)\"" }
        return [
            "query.jsonl": trace(
                "query", group: group,
                [(0, first, value("a")), (4, numbers[0], value("b")), (4, numbers[1], "\"event\":\"finished\"")]),
            "results.jsonl": trace(
                "results", group: group,
                [(0, first + 1, value("w")), (4, numbers[2], value("x")), (4, numbers[3], "\"event\":\"finished\"")]),
        ]
    }

    /// The lines of the pairs of two searches with the same events.
    static let pairsMatch = [
        "query.jsonl: traces match: 3 events, exact times", "results.jsonl: traces match: 3 events, exact times",
    ]

    /// `- FILE:3  text` lines, locations padded alike.
    static func places(_ places: [(String, String, String)]) -> [String] {
        let width = places.map { $0.1.count + 2 }.max() ?? 0
        return places.map { sign, file, text in
            "\(sign) \(file):3\(String(repeating: " ", count: width - file.count - 2))  \(text)"
        }
    }

    @Test func theSameOrderWithOtherNumbersMatches() async throws {
        let expected = try TraceFolder(Self.search(group: "golden"))
        let actual = try TraceFolder(Self.search(group: "out", numbers: [12, 14, 13, 20], first: 10))
        let result = try await CommandRunner.run(["diff", expected.path, actual.path])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.lines == Self.pairsMatch + [
                "across streams: order matches: 6 events, exact times", "2 match, 0 differ",
            ],
            "\(result)")
    }

    @Test func anOrderSwappedAtOneTimeIsReportedWithTheEventsThatShowIt() async throws {
        let expected = try TraceFolder(Self.search(group: "golden"))
        let actual = try TraceFolder(Self.search(group: "out", numbers: [3, 4, 2, 5]))
        let result = try await CommandRunner.run(["diff", expected.path, actual.path])
        #expect(result.status == 1, "\(result)")
        #expect(
            result.lines == Self.pairsMatch + [
                "across streams: order changed at t=+4ms: expected query:\"b\" before results:\"x\", got results:\"x\" first"
            ]
                + Self.places([
                    ("-", expected("query.jsonl"), "query:\"b\""), ("-", expected("results.jsonl"), "results:\"x\""),
                    ("+", actual("results.jsonl"), "results:\"x\""),
                ]) + [
                    "2 match, 0 differ, order changed"
                ], "\(result)")
        let quiet = try await CommandRunner.run(["diff", "-q", expected.path, actual.path])
        #expect(quiet.status == 1, "\(quiet)")
        #expect(
            quiet.lines == [
                "across streams: order changed at t=+4ms: expected query:\"b\" before results:\"x\", got results:\"x\" first",
                "2 match, 0 differ, order changed",
            ], "\(quiet)")
    }

    @Test func jsonGivesTheOrderAfterThePairsAndCountsAChangeAsFailed() async throws {
        let expected = try TraceFolder(Self.search(group: "golden"))
        let actual = try TraceFolder(Self.search(group: "out", numbers: [3, 4, 2, 5]))
        let result = try await CommandRunner.run(["diff", "--format", "json", expected.path, actual.path])
        #expect(result.status == 1, "\(result)")
        let document = try JSONDocument(result.stdout)
        let order = try #require(document["order"] as? [String: Any])
        #expect(order["status"] as? String == "fail")
        #expect(order["reason"] as? String == "orderChanged")
        #expect(order["events"] as? Int == 6)
        let difference = try #require(order["difference"] as? [String: Any])
        #expect(difference["time"] as? Int == 4_000_000)
        #expect(difference["event"] as? Int == 3)
        let first = try #require(difference["actualFirst"] as? [String: Any])
        #expect(first["file"] as? String == actual("results.jsonl"))
        #expect(first["line"] as? Int == 3)
        #expect(first["text"] as? String == "results:\"x\"")
        #expect([document["passed"] as? Int, document["failed"] as? Int] == [2, 1])
    }

    @Test func githubAnnotatesTheEventActualHasFirst() async throws {
        let expected = try TraceFolder(Self.search(group: "golden"))
        let actual = try TraceFolder(Self.search(group: "out", numbers: [3, 4, 2, 5]))
        let result = try await CommandRunner.run(["diff", "--format", "github", expected.path, actual.path])
        let title = WorkflowCommandText.property("\(expected.path) vs \(actual.path)") + "%3A across streams"
        #expect(result.status == 1, "\(result)")
        #expect(result.lines.count == 2, "\(result)")
        #expect(
            result.lines.first?.hasPrefix(
                "::error file=\(actual("results.jsonl")),line=3,title=\(title)::order changed at t=+4ms: expected "
                    + "query:\"b\" before results:\"x\", got results:\"x\" first%0A- \(expected("query.jsonl")):3 ")
                == true, "\(result)")
        #expect(result.lines.last == "2 match, 0 differ, order changed")
    }

    @Test func withTimesIgnoredTheOrderIsTheGroupsWholeSequence() async throws {
        let expected = try TraceFolder(Self.search(group: "golden"))
        let actual = try TraceFolder(Self.search(group: "out", numbers: [3, 4, 2, 5]))
        let result = try await CommandRunner.run(["diff", "-q", "--ignore-time", expected.path, actual.path])
        #expect(result.status == 1, "\(result)")
        #expect(
            result.lines == [
                "across streams: order changed at event 3 (times ignored): expected query:\"b\" before results:\"x\", "
                    + "got results:\"x\" first",
                "2 match, 0 differ, order changed",
            ], "\(result)")
    }

    @Test func anEventMovedInTimeIsThePairsDifferenceNotTheOrders() async throws {
        let expected = try TraceFolder(Self.search(group: "golden"))
        var moved = Self.search(group: "out")
        moved["results.jsonl"] = Self.trace(
            "results", group: "out",
            [
                (0, 1, "\"event\":\"value\",\"value\":\"w\""), (5, 5, "\"event\":\"value\",\"value\":\"x\""),
                (5, 6, "\"event\":\"finished\""),
            ])
        let actual = try TraceFolder(moved)
        let result = try await CommandRunner.run(["diff", "-q", expected.path, actual.path])
        #expect(result.status == 1, "\(result)")
        #expect(
            result.lines == [
                "results.jsonl: traces differ: 2 differences (exact times), first at event 2 (line 3 of expected, "
                    + "line 3 of actual)",
                "1 match, 1 differ",
            ], "\(result)")
    }

    @Test func foldersWithoutGroupsAreComparedPairByPairOnly() async throws {
        // The same events at one time, in no recorded order: nothing to compare across streams.
        let expected = try TraceFolder(Self.search(group: nil))
        let actual = try TraceFolder(Self.search(group: nil))
        let result = try await CommandRunner.run(["diff", expected.path, actual.path])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.lines == Self.pairsMatch + ["2 match, 0 differ"], "\(result)")
        // Golden traces written before groups, against a group's: their events still compared, the order not.
        let grouped = try TraceFolder(Self.search(group: "out", numbers: [3, 4, 2, 5]))
        let mixed = try await CommandRunner.run(["diff", expected.path, grouped.path])
        #expect(mixed.status == 0, "\(mixed)")
        #expect(mixed.lines == result.lines, "\(mixed)")
    }

    @Test func aFolderWhoseNumbersRepeatIsUnreadable() async throws {
        let expected = try TraceFolder(Self.search(group: "golden"))
        let actual = try TraceFolder(Self.search(group: "out", numbers: [3, 4, 3, 5]))
        let result = try await CommandRunner.run(["diff", "-q", expected.path, actual.path])
        let error =
            "\(actual("results.jsonl")):3:1: \"seq\" 3 repeats the number of \(actual("query.jsonl")):3: "
            + "each event of a group has its own"
        #expect(result.status == 3, "\(result)")
        #expect(result.stderr == error + "\n", "\(result)")
        #expect(result.lines == ["across streams: \(error)", "2 match, 0 differ, 1 unreadable"], "\(result)")
    }
}
#endif
