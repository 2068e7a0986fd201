// Runs the built binaries or reads the package's files: macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// `streamtrace diff EXPECTED_DIR ACTUAL_DIR`: golden-trace folders.
@Suite struct DiffDirectoryTests {
    static let expected = [
        "same.jsonl": TraceFolder.finished, "login/changed.jsonl": TraceFolder.finished, "gone.jsonl": TraceFolder.open,
    ]
    static let actual = [
        "same.jsonl": TraceFolder.finished, "login/changed.jsonl": TraceFolder.failed, "new.jsonl": TraceFolder.open,
        "notes.txt": "not a trace",
    ]

    @Test func tracesArePairedByRelativePathAndTracesOnlyOneSideHasAreReported() async throws {
        let (expected, actual) = (try TraceFolder(Self.expected), try TraceFolder(Self.actual))
        let result = try await CommandRunner.run(["diff", expected.path, actual.path])
        #expect(result.status == 1, "\(result)")
        #expect(result.lines.first == "gone.jsonl: only in expected: \(expected("gone.jsonl"))")
        #expect(result.lines[1] == "--- \(expected("login/changed.jsonl"))  (5 events)")
        #expect(result.lines.contains("new.jsonl: only in actual: \(actual("new.jsonl"))"))
        #expect(result.lines.contains("same.jsonl: traces match: 5 events, exact times"))
        #expect(result.lines.last == "1 match, 1 differ, 1 only in expected, 1 only in actual")
        let quiet = try await CommandRunner.run(["diff", "-q", expected.path, actual.path])
        #expect(
            quiet.lines == [
                "gone.jsonl: only in expected: \(expected("gone.jsonl"))",
                "login/changed.jsonl: traces differ: 6 differences (exact times), first at the header (line 1 of expected, line 1 of actual)",
                "new.jsonl: only in actual: \(actual("new.jsonl"))",
                "1 match, 1 differ, 1 only in expected, 1 only in actual",
            ], "\(quiet)")
    }

    @Test func matchingFoldersExitZeroAndAnUnreadableTraceExitsThree() async throws {
        let same = try await CommandRunner.run([
            "diff", try TraceFolder(["a.jsonl": TraceFolder.finished]).path,
            try TraceFolder(["a.jsonl": TraceFolder.finished]).path,
        ])
        #expect(same.status == 0, "\(same)")
        #expect(same.lines == ["a.jsonl: traces match: 5 events, exact times", "1 match, 0 differ"])
        let broken = try TraceFolder(["a.jsonl": TraceFolder.malformed, "b.jsonl": TraceFolder.finished])
        let good = try TraceFolder(["a.jsonl": TraceFolder.finished, "b.jsonl": TraceFolder.open])
        let unreadable = try await CommandRunner.run(["diff", good.path, broken.path])
        #expect(unreadable.status == 3, "\(unreadable)")
        #expect(
            unreadable.lines.first
                == "a.jsonl: \(broken("a.jsonl")):2:33: expected ',' or '}' in an object, found end of line")
        #expect(unreadable.lines.last == "0 match, 1 differ, 1 unreadable", "the other pair is still compared")
    }

    @Test func jsonGivesEveryPairWithAStableReason() async throws {
        let (expected, actual) = (try TraceFolder(Self.expected), try TraceFolder(Self.actual))
        let result = try await CommandRunner.run(["diff", "--format", "json", expected.path, actual.path])
        let document = try JSONDocument(result.stdout)
        let pairs = try #require(document["pairs"] as? [[String: Any]])
        #expect(
            pairs.map { $0["path"] as? String } == ["gone.jsonl", "login/changed.jsonl", "new.jsonl", "same.jsonl"])
        #expect(
            pairs.map { $0["reason"] as? String } == ["onlyInExpected", "tracesDiffer", "onlyInActual", nil])
        #expect(pairs[1]["differenceCount"] as? Int == 6)
        #expect((pairs[1]["differences"] as? [[String: Any]])?.first?["reason"] as? String == "stream names differ")
        #expect([document["passed"] as? Int, document["failed"] as? Int] == [1, 3])
    }

    @Test func githubAnnotatesEachPairThatDoesNotMatchAtItsFirstDifference() async throws {
        let (expected, actual) = (try TraceFolder(Self.expected), try TraceFolder(Self.actual))
        let result = try await CommandRunner.run(["diff", "--format", "github", expected.path, actual.path])
        let title = WorkflowCommandText.property("\(expected.path) vs \(actual.path)") + "%3A "
        #expect(result.lines.count == 4, "\(result)")
        #expect(
            result.lines[0]
                == "::error file=\(expected("gone.jsonl")),title=\(title)gone.jsonl::only in expected: \(expected("gone.jsonl"))"
        )
        #expect(
            result.lines[1].hasPrefix(
                "::error file=\(actual("login/changed.jsonl")),line=1,title=\(title)login/changed.jsonl::--- "))
        #expect(result.lines[3] == "1 match, 1 differ, 1 only in expected, 1 only in actual")
    }

    @Test func aDirectoryAndAFileCannotBeCompared() async throws {
        let folder = try TraceFolder(["a.jsonl": TraceFolder.finished])
        let result = try await CommandRunner.run(["diff", folder.path, folder("a.jsonl")])
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix(
                "streamtrace: error: EXPECTED and ACTUAL must both be traces or both be directories; \(folder.path) is a directory"
            ))
    }
}
#endif
