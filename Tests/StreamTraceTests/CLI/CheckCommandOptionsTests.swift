// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// `streamtrace check`'s options, input, usage errors and samples, run as a binary.
extension CheckCommandTests {
    @Test func jsonOutputHasEveryResultWithTheReasonOfEachFailureAndTheTotals() async throws {
        let path = try CommandRunner.traceFile(Self.finishedTrace, name: "json-fixture.jsonl")
        let result = try await CommandRunner.run(["check", "--format", "json", path, "next", "single"])
        #expect(result.status == 1)
        #expect(
            result.stdout
                == #"{"trace":"\#(path)","status":"finished","results":[{"query":"next","status":"pass","value":"a","line":3,"t":1000000},{"query":"single","status":"fail","reason":"tooManyElements","message":"expected exactly one element, got 3","timeline":"-a-b-c---|  a = \"a\", b = \"b\", c = \"c\"","line":6,"t":10000000}],"passed":1,"failed":1}"#
                + "\n")
    }

    @Test func readsStandardInput() async throws {
        let result = try await CommandRunner.run(["check", "-", "count == 3", "--quiet"], stdin: Self.finishedTrace)
        #expect(result.status == 0)
        #expect(result.lines == ["1 passed, 0 failed"])
        let json = try await CommandRunner.run(["check", "--format=json", "-", "count"], stdin: Self.openTrace)
        #expect(json.stdout.hasPrefix(#"{"trace":"<stdin>","status":"open""#))
    }

    @Test func quietPrintsOnlyFailures() async throws {
        let result = try await CommandRunner.run([
            "check", "-q", try CommandRunner.traceFile(Self.finishedTrace), "count", "single",
        ])
        #expect(
            result.lines == [
                "FAIL  single  expected exactly one element, got 3 (line 6, t=+10ms); recent: -a-b-c---|  a = \"a\", b = \"b\", c = \"c\"",
                "1 passed, 1 failed",
            ])
    }

    @Test func colourIsOnlyForTerminalsUnlessForced() async throws {
        let path = try CommandRunner.traceFile(Self.finishedTrace)
        let forced = try await CommandRunner.run(["check", "--color", "always", path, "count", "single"])
        #expect(forced.lines.first == "\u{1B}[32mPASS\u{1B}[0m  count   3")
        #expect(forced.lines.dropFirst().first?.hasPrefix("\u{1B}[31mFAIL\u{1B}[0m  single") == true)
        let auto = try await CommandRunner.run(["check", path, "count"])
        #expect(auto.lines.first == "PASS  count  3")
        let noColor = try await CommandRunner.run(["check", "--color", "never", path, "count"])
        #expect(noColor.lines.first == "PASS  count  3")
    }

    @Test func specFilesAddQueriesAfterTheEOnesAndGroupResultsUnderTheTrace() async throws {
        let spec = try CommandRunner.traceFile(
            """
            # comments and blank lines are skipped

              next 2   # a trailing comment
            elements contains "#not a comment"
            """, name: "fixture.spec")
        let trace = try CommandRunner.traceFile(Self.finishedTrace)
        let result = try await CommandRunner.run(["check", "--spec", spec, "-e", "count", trace])
        #expect(
            result.lines == [
                trace,
                "  PASS  count                             3",
                #"  PASS  next 2                            ["a","b"]"#,
                ##"  FAIL  elements contains "#not a comment"  expected contains "#not a comment", got ["a","b","c"] (line 6, t=+10ms); recent: -a-b-c---|  a = "a", b = "b", c = "c""##,
                "2 passed, 1 failed",
            ], "\(result)")
    }

    @Test func aQueryThatDoesNotParseIsAUsageErrorPointingAtItsColumn() async throws {
        let path = try CommandRunner.traceFile(Self.finishedTrace)
        let result = try await CommandRunner.run(["check", path, "count", "prefix x"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(
            result.stderr == """
                streamtrace: error: query 2, column 8: expected a whole number after 'prefix', found 'x'
                  prefix x
                         ^
                Run 'streamtrace help check' for usage.

                """)
        let spec = try CommandRunner.traceFile("count\n\n  last > 3\n", name: "broken.spec")
        let fromSpec = try await CommandRunner.run(["check", "--spec", spec, path])
        #expect(fromSpec.status == 2)
        #expect(
            fromSpec.stderr.hasPrefix(
                "streamtrace: error: \(spec):3:8: '>' compares numbers and applies to count only\n    last > 3\n         ^\n"
            ))
    }

    @Test(arguments: [
        (["check"], "missing TRACE: the path of a trace, or - for standard input"),
        (["check", "t.jsonl"], "no queries: give at least one QUERY, or --spec FILE"),
        (["check", "--format", "xml", "t.jsonl", "count"], "--format must be text, json, github; got 'xml'"),
        (["check", "--colour", "t.jsonl", "count"], "unknown option '--colour'"),
        (["check", "--spec"], "option '--spec' needs a value"),
        (["check", "--spec", "/nonexistent.spec", "t.jsonl"], "cannot read spec file /nonexistent.spec: no such file"),
        (
            ["check", "t.jsonl", "Single"],
            "query 1, column 1: unknown expectation 'Single'; expected one of available, completion, contains, count, elements, every, failure, finished, last, marbles, next, order, prefix, recording, single; keywords are lowercase: single"
        ),
        (
            ["check", "t.jsonl", "not count"],
            "query 1, column 1: 'not' inverts contains where MATCHER, finished, next, next where MATCHER, order STREAM [MATCHER] before STREAM [MATCHER] and prefix N only, not count"
        ),
        (
            ["check", "t.jsonl", "finished within soon"],
            "query 1, column 17: expected a duration after 'within', like 250ms or 1.5s (units: ns, us, ms, s, m, h), found 'soon'"
        ),
        (
            ["check", "t.jsonl", "count ~ 3"],
            "query 1, column 7: unexpected '~'; expected 'within' or a matcher (==, !=, contains, <, <=, >, >=)"
        ),
        (
            ["check", "t.jsonl", "elements == [1,"],
            "query 1, column 16: invalid JSON after '==': expected a JSON value, found end of line"
        ),
        (["frobnicate"], "unknown command 'frobnicate'; commands: check, show, diff, export, help"),
        (["help", "frobnicate"], "unknown command 'frobnicate'; commands: check, show, diff, export, help"),
    ])
    func usageErrorsExitWithStatus2(arguments: [String], message: String) async throws {
        let result = try await CommandRunner.run(arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix("streamtrace: error: \(message)\n"), "\(result)")
    }

    @Test func theSamplesGiveTheStatusTheirManifestSays() async throws {
        let manifest = try String(contentsOfFile: CommandRunner.sample("expectations.tsv"), encoding: .utf8)
        var checked = 0
        for line in manifest.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t").map(String.init)
            try #require(fields.count == 3)
            let result = try await CommandRunner.run([
                "check", "--spec", CommandRunner.sample(fields[1]), CommandRunner.sample(fields[0]),
            ])
            #expect(result.status == Int32(fields[2]), "\(fields[0]) with \(fields[1]): \(result)")
            checked += 1
        }
        #expect(checked == 15)
    }
}
#endif
