// Runs the built binaries or reads the package's files: macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// `streamtrace check --spec FILE PATH...` and `-e QUERY PATH...`: many
/// traces in one run, for CI.
@Suite struct ManyTracesCheckTests {
    /// A spec file written for one test.
    func spec(_ text: String) throws -> String {
        try CommandRunner.traceFile(text, name: "\(UUID().uuidString).spec")
    }

    @Test func aDirectoryStandsForEveryJsonlFileBelowItSortedByPath() async throws {
        let folder = try TraceFolder([
            "b.jsonl": TraceFolder.finished, "a/z.jsonl": TraceFolder.finished, "a/b/c.jsonl": TraceFolder.finished,
            "notes.txt": "not a trace", "a/trace.json": "not a trace either", "-x.jsonl": TraceFolder.finished,
        ])
        let result = try await CommandRunner.run(["check", "-e", "finished", folder.path + "/"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.lines == [
                folder("-x.jsonl"), "  PASS  finished", folder("a/b/c.jsonl"), "  PASS  finished", folder("a/z.jsonl"),
                "  PASS  finished", folder("b.jsonl"), "  PASS  finished", "4 passed, 0 failed",
            ], "\(result)")
    }

    @Test func tracesAreNamedByThePathAsGivenOrFoundAndReportedOnceInPathOrder() async throws {
        let folder = try TraceFolder(["z.jsonl": TraceFolder.finished, "sub/a.jsonl": TraceFolder.finished])
        let result = try await CommandRunner.run([
            "check", "-q", "-e", "count == 9", folder("z.jsonl"), folder.path, folder("sub/a.jsonl"),
        ])
        #expect(
            result.lines.filter { !$0.hasPrefix("  ") } == [
                folder("sub/a.jsonl"), folder("z.jsonl"), "0 passed, 2 failed",
            ])
    }

    @Test func sectionsApplyTheirQueriesToTheTracesWhosePathOrFileNameTheirGlobMatches() async throws {
        let folder = try TraceFolder([
            "login/ok.jsonl": TraceFolder.finished, "login/deep/ok.jsonl": TraceFolder.finished,
            "search.jsonl": TraceFolder.finished, "x.jsonl": TraceFolder.finished,
        ])
        let spec = try spec(
            """
            count == 3
            [\(folder.path)/login/*.jsonl]
            next == "a"
            [\(folder.path)/**/ok.jsonl]
            next == "b"
            [search.jsonl]
            last == "c"
            [?.jsonl]
            single
            """)
        let result = try await CommandRunner.run(["check", "--spec", spec, "--format", "json", folder.path])
        let traces = try #require(try JSONDocument(result.stdout)["traces"] as? [[String: Any]])
        let queries = Dictionary(
            uniqueKeysWithValues: traces.map { trace in
                (
                    (trace["path"] as! String).replacingOccurrences(of: folder.path + "/", with: ""),
                    (trace["results"] as! [[String: Any]]).map { $0["query"] as! String }
                )
            })
        #expect(queries["login/ok.jsonl"] == ["count == 3", #"next == "a""#, #"next == "b""#])
        // `*` does not cross a `/`; `**` does.
        #expect(queries["login/deep/ok.jsonl"] == ["count == 3", #"next == "b""#])
        #expect(queries["search.jsonl"] == ["count == 3", #"last == "c""#])
        #expect(queries["x.jsonl"] == ["count == 3", "single"])
    }

    @Test func theQueriesThatApplyToATraceShareOneCursorInOrder() async throws {
        let folder = try TraceFolder(["t.jsonl": TraceFolder.finished])
        let spec = try spec("next == \"b\"\n[t.jsonl]\nnext == \"c\"\n")
        let result = try await CommandRunner.run(["check", "--spec", spec, "-e", "next == \"a\"", folder.path])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.lines == [
                folder("t.jsonl"), #"  PASS  next == "a"  "a""#, #"  PASS  next == "b"  "b""#,
                #"  PASS  next == "c"  "c""#, "3 passed, 0 failed",
            ], "\(result)")
    }

    @Test func aSectionWhoseGlobMatchesNoTraceFailsTheRun() async throws {
        let folder = try TraceFolder(["a.jsonl": TraceFolder.finished])
        let spec = try spec("finished\n\n[nightly/*.jsonl]\ncount\n")
        let text = try await CommandRunner.run(["check", "--spec", spec, folder.path])
        #expect(text.status == 1, "\(text)")
        #expect(
            text.lines == [
                folder("a.jsonl"), "  PASS  finished", spec,
                #"  FAIL  [nightly/*.jsonl]  no trace matched "nightly/*.jsonl" (line 3)"#, "1 passed, 1 failed",
            ], "\(text)")
        let json = try await CommandRunner.run(["check", "--spec", spec, "--format", "json", folder.path])
        let sections = try #require(try JSONDocument(json.stdout)["sections"] as? [[String: Any]])
        #expect(sections.count == 1)
        #expect(sections.first?["reason"] as? String == "noTraceMatched")
        #expect(sections.first?["traces"] as? Int == 0)
        let github = try await CommandRunner.run(["check", "--spec", spec, "--format", "github", folder.path])
        #expect(
            github.lines == [
                "::error file=\(spec),line=3,title=\(spec)%3A [nightly/*.jsonl]::no trace matched \"nightly/*.jsonl\"",
                "1 passed, 1 failed",
            ], "\(github)")
    }

    @Test func aTraceNoQueryAppliesToIsReportedUncheckedAndDoesNotFailTheRun() async throws {
        let folder = try TraceFolder(["a.jsonl": TraceFolder.finished, "b.jsonl": TraceFolder.malformed])
        let spec = try spec("[a.jsonl]\nfinished\n")
        let result = try await CommandRunner.run(["check", "--spec", spec, folder.path])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.lines == [
                folder("a.jsonl"), "  PASS  finished", folder("b.jsonl"), "  UNCHECKED  no query applies to this trace",
                "1 passed, 0 failed, 1 unchecked",
            ], "\(result)")
        let quiet = try await CommandRunner.run(["check", "-q", "--spec", spec, folder.path])
        #expect(quiet.lines == ["1 passed, 0 failed, 1 unchecked"], "\(quiet)")
    }

    @Test func anUnreadableTraceIsReportedAndTheOthersStillAre() async throws {
        let folder = try TraceFolder([
            "a.jsonl": TraceFolder.finished, "b.jsonl": TraceFolder.malformed, "c.jsonl": TraceFolder.failed,
        ])
        let result = try await CommandRunner.run(["check", "-e", "finished", folder.path, folder("missing.jsonl")])
        #expect(result.status == 3, "\(result)")
        #expect(
            result.lines == [
                folder("a.jsonl"), "  PASS  finished", folder("b.jsonl"),
                "  ERROR  \(folder("b.jsonl")):2:33: expected ',' or '}' in an object, found end of line",
                folder("c.jsonl"),
                "  FAIL  finished  expected the stream to finish, but the stream failed with MyError: boom (line 3, t=+5ms); recent: a---#  a = 1",
                folder("missing.jsonl"), "  ERROR  \(folder("missing.jsonl")): cannot open: no such file",
                "1 passed, 3 failed",
            ], "\(result)")
        #expect(
            result.stderr == """
                \(folder("b.jsonl")):2:33: expected ',' or '}' in an object, found end of line
                \(folder("missing.jsonl")): cannot open: no such file

                """)
    }

    @Test(
        arguments: [
            ([TraceFolder.finished], 0), ([TraceFolder.finished, TraceFolder.failed], 1),
            ([TraceFolder.failed, TraceFolder.malformed], 3), ([TraceFolder.finished, TraceFolder.malformed], 3),
        ] as [([String], Int32)])
    func theExitStatusIsThreeIfATraceIsUnreadableElseOneIfAQueryFailedElseZero(traces: [String], status: Int32)
        async throws
    {
        let folder = try TraceFolder(Dictionary(uniqueKeysWithValues: traces.enumerated().map { ("\($0).jsonl", $1) }))
        let result = try await CommandRunner.run(["check", "-e", "finished", folder.path])
        #expect(result.status == status, "\(result)")
    }

    @Test func standardInputIsATraceAmongOthers() async throws {
        let folder = try TraceFolder(["a.jsonl": TraceFolder.finished])
        let result = try await CommandRunner.run(["check", "-e", "count", "-", folder.path], stdin: TraceFolder.open)
        #expect(
            result.lines == [
                "<stdin>", "  PASS  count  1", folder("a.jsonl"), "  PASS  count  3", "2 passed, 0 failed",
            ])
    }

    @Test(arguments: [
        (
            ["check", "-e", "finished"],
            "missing PATH: a trace, a directory of traces (every *.jsonl below it), or - for standard input"
        ),
        (["check", "-e", "finsihed", "."], "query 1, column 1: unknown expectation 'finsihed'"),
        (["check", "--jobs", "0", "-e", "count", "."], "--jobs must be a whole number from 1 to 1024; got '0'"),
        (["check", "-e"], "option '-e' needs a value"),
    ])
    func manyTraceUsageErrorsExitWithStatus2(arguments: [String], message: String) async throws {
        let result = try await CommandRunner.run(arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix("streamtrace: error: \(message)"), "\(result)")
    }

    @Test func aSpecWithoutQueriesOrAnEmptySectionIsAUsageError() async throws {
        let empty = try await CommandRunner.run(["check", "--spec", try spec("# nothing\n"), "."])
        #expect(empty.status == 2)
        #expect(
            empty.stderr.hasPrefix("streamtrace: error: no queries: give -e QUERY, or a --spec FILE that holds some"))
        let path = try spec("finished\n[]\n")
        let section = try await CommandRunner.run(["check", "--spec", path, "."])
        #expect(section.status == 2)
        #expect(
            section.stderr.hasPrefix("streamtrace: error: \(path):2: an empty section []; write [GLOB], like [*.jsonl]")
        )
    }
}

/// A JSON document from a command's standard output.
struct JSONDocument {
    let object: [String: Any]

    init(_ text: String) throws {
        object = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    subscript(key: String) -> Any? { object[key] }
}
#endif
