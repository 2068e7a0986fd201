import Foundation
import Testing

/// `streamtrace check`, run as a binary.
@Suite struct CheckCommandTests {
    static let finishedTrace = """
        {"streamtrace":1,"stream":"fixture","clock":"virtual"}
        {"t":0,"event":"subscribe"}
        {"t":1000000,"event":"value","value":"a"}
        {"t":2000000,"event":"value","value":"b"}
        {"t":3000000,"event":"value","value":"c"}
        {"t":10000000,"event":"finished"}

        """
    static let failedTrace = """
        {"streamtrace":1,"clock":"virtual"}
        {"t":0,"event":"value","value":1}
        {"t":5000000,"event":"failure","error":{"type":"MyError","message":"boom"}}

        """
    static let openTrace = """
        {"streamtrace":1}
        {"t":1000000,"event":"value","value":1}

        """

    func check(_ trace: String, _ queries: [String]) async throws -> CommandRunner.Result {
        try await CommandRunner.run(["check", try CommandRunner.traceFile(trace)] + queries)
    }

    @Test(arguments: [
        ("available", #"PASS  available  ["a","b","c"]"#),
        ("availableElements", #"PASS  availableElements  ["a","b","c"]"#),
        ("completion", #"PASS  completion  "finished""#),
        ("count", "PASS  count  3"),
        ("elements", #"PASS  elements  ["a","b","c"]"#),
        (
            "failure",
            "FAIL  failure  expected the stream to fail, but it finished (line 6, t=+10ms); recent: -\"a\"-\"b\"-\"c\"---|"
        ),
        ("finished", "PASS  finished"),
        ("last", #"PASS  last  "c""#),
        ("next", #"PASS  next  "a""#),
        ("next 2", #"PASS  next 2  ["a","b"]"#),
        ("next 0", "PASS  next 0  []"),
        (
            "next 4",
            "FAIL  next 4  expected 4 more elements, got 3 before the stream finished (line 6, t=+10ms); recent: -\"a\"-\"b\"-\"c\"---|"
        ),
        ("prefix 2", #"PASS  prefix 2  ["a","b"]"#),
        ("prefix 5", #"PASS  prefix 5  ["a","b","c"]"#),
        ("recording", #"PASS  recording  {"elements":["a","b","c"],"completion":"finished"}"#),
        (
            "single",
            "FAIL  single  expected exactly one element, got 3 (line 6, t=+10ms); recent: -\"a\"-\"b\"-\"c\"---|"
        ),
        (
            "not finished",
            "FAIL  not finished  expected no completion, but the stream finished (line 6, t=+10ms); recent: -\"a\"-\"b\"-\"c\"---|"
        ),
        ("not next", #"FAIL  not next  expected no element, but got "a" (line 3, t=+1ms); recent: -"a"-"b"-"c"---|"#),
        (
            "not prefix 4",
            "FAIL  not prefix 4  expected fewer than 4 elements and no completion, but the stream finished (line 6, t=+10ms); recent: -\"a\"-\"b\"-\"c\"---|"
        ),
        ("not prefix 2 within 1500us", #"PASS  not prefix 2 within 1500us  ["a"]"#),
        ("not finished within 5ms", "PASS  not finished within 5ms"),
        (
            "finished within 5ms",
            "FAIL  finished within 5ms  not completed within 5ms: last event is value (line 5, t=+3ms); recent: ---\"a\"---\"b\"---\"c\"-"
        ),
        ("count within 2ms", "PASS  count within 2ms  2"),
        (
            "elements within 0.005s",
            "FAIL  elements within 0.005s  not completed within 5ms: last event is value (line 5, t=+3ms); recent: ---\"a\"---\"b\"---\"c\"-"
        ),
    ])
    func everyExpectationOnAFinishedTrace(query: String, line: String) async throws {
        let result = try await check(Self.finishedTrace, [query])
        #expect(
            result.lines == [line, line.hasPrefix("PASS") ? "1 passed, 0 failed" : "0 passed, 1 failed"], "\(result)")
        #expect(result.status == (line.hasPrefix("PASS") ? 0 : 1))
        #expect(result.stderr == "")
    }

    @Test(arguments: [
        ("failure", #"PASS  failure  {"type":"MyError","message":"boom"}"#),
        ("completion", #"PASS  completion  {"type":"MyError","message":"boom"}"#),
        (
            "elements",
            "FAIL  elements  expected the stream to finish, but the stream failed with MyError: boom (line 3, t=+5ms); recent: -1---X"
        ),
        (
            "finished",
            "FAIL  finished  expected the stream to finish, but the stream failed with MyError: boom (line 3, t=+5ms); recent: -1---X"
        ),
        (
            "last",
            "FAIL  last  expected the stream to finish, but the stream failed with MyError: boom (line 3, t=+5ms); recent: -1---X"
        ),
        (
            "next 2",
            "FAIL  next 2  expected 2 more elements, but the stream failed with MyError: boom (line 3, t=+5ms); recent: -1---X"
        ),
        (
            "prefix 2",
            "FAIL  prefix 2  expected 2 elements, but the stream failed with MyError: boom (line 3, t=+5ms); recent: -1---X"
        ),
        (
            "available",
            "FAIL  available  expected no failure, but the stream failed with MyError: boom (line 3, t=+5ms); recent: -1---X"
        ),
        ("recording", #"PASS  recording  {"elements":[1],"completion":{"type":"MyError","message":"boom"}}"#),
        (
            "single",
            "FAIL  single  expected exactly one element, but the stream failed with MyError: boom (line 3, t=+5ms); recent: -1---X"
        ),
        (
            "not finished",
            "FAIL  not finished  expected no completion, but the stream failed with MyError: boom (line 3, t=+5ms); recent: -1---X"
        ),
        ("count", "PASS  count  1"),
    ])
    func everyExpectationOnAFailedTrace(query: String, line: String) async throws {
        let result = try await check(Self.failedTrace, [query])
        #expect(result.lines.first == line, "\(result)")
    }

    @Test(arguments: [
        ("completion", "FAIL  completion  not completed: last event is value (line 2, t=+1ms); recent: ---1-"),
        (
            "next 2",
            "FAIL  next 2  expected 2 more elements, got 1 before the trace ends (line 2, t=+1ms); recent: ---1-"
        ),
        ("not finished", "PASS  not finished"),
        ("not next", #"FAIL  not next  expected no element, but got 1 (line 2, t=+1ms); recent: ---1-"#),
        ("not prefix 2", "PASS  not prefix 2  [1]"),
        (
            "prefix 2",
            "FAIL  prefix 2  expected 2 elements, got 1 before the trace ends (line 2, t=+1ms); recent: ---1-"
        ),
        ("last", "FAIL  last  not completed: last event is value (line 2, t=+1ms); recent: ---1-"),
        ("available", "PASS  available  [1]"),
        ("count", "PASS  count  1"),
    ])
    func everyExpectationOnAnOpenTrace(query: String, line: String) async throws {
        let result = try await check(Self.openTrace, [query])
        #expect(result.lines.first == line, "\(result)")
    }

    @Test(arguments: [
        ("count == 3", true), ("count == 3.0", true), ("count != 3", false), ("count < 4", true), ("count < 3", false),
        ("count <= 3", true), ("count > 2", true), ("count > 3", false), ("count >= 4", false),
        (#"elements == ["a", "b", "c"]"#, true), (#"elements == ["c", "b", "a"]"#, false),
        (#"elements contains "b""#, true), (#"elements contains "d""#, false),
        (#"last contains "c""#, true), (#"next contains "x""#, false),
        (#"recording contains {"completion": "finished"}"#, true),
        (#"recording contains {"completion": "failed"}"#, false),
        (#"last != "a""#, true),
    ])
    func everyMatcher(query: String, passes: Bool) async throws {
        let result = try await check(Self.finishedTrace, [query])
        #expect(result.status == (passes ? 0 : 1), "\(result)")
        #expect(result.lines.first?.hasPrefix(passes ? "PASS" : "FAIL") == true)
    }

    @Test func aMatcherFailureShowsExpectedAndActual() async throws {
        let result = try await check(Self.finishedTrace, ["count >= 4", #"last == "b""#])
        #expect(
            result.lines == [
                "FAIL  count >= 4   expected >= 4, got 3 (line 6, t=+10ms); recent: -\"a\"-\"b\"-\"c\"---|",
                #"FAIL  last == "b"  expected == "b", got "c" (line 6, t=+10ms); recent: -"a"-"b"-"c"---|"#,
                "0 passed, 2 failed",
            ], "\(result)")
    }

    @Test func queriesShareOneCursor() async throws {
        let result = try await check(
            Self.finishedTrace, ["next", "next", "next within 2ms", "not next within 1ms", "prefix 1"])
        #expect(
            result.lines == [
                #"PASS  next                 "a""#,
                #"PASS  next                 "b""#,
                #"PASS  next within 2ms      "c""#,
                "PASS  not next within 1ms",
                #"PASS  prefix 1             ["a"]"#,
                "5 passed, 0 failed",
            ], "\(result)")
    }

    @Test func jsonOutputHasEveryResultAndTheTotals() async throws {
        let path = try CommandRunner.traceFile(Self.finishedTrace, name: "json-fixture.jsonl")
        let result = try await CommandRunner.run(["check", "--format", "json", path, "next", "single"])
        #expect(result.status == 1)
        #expect(
            result.stdout
                == #"{"trace":"\#(path)","status":"finished","results":[{"query":"next","status":"pass","value":"a","line":3,"t":1000000},{"query":"single","status":"fail","message":"expected exactly one element, got 3","timeline":"-\"a\"-\"b\"-\"c\"---|","line":6,"t":10000000}],"passed":1,"failed":1}"#
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
                "FAIL  single  expected exactly one element, got 3 (line 6, t=+10ms); recent: -\"a\"-\"b\"-\"c\"---|",
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

    @Test func specFilesAddQueriesAfterThePositionalOnes() async throws {
        let spec = temporaryPath("fixture.spec")
        try """
        # comments and blank lines are skipped

          next 2   # a trailing comment
        elements contains "#not a comment"
        """.write(toFile: spec, atomically: true, encoding: .utf8)
        let result = try await CommandRunner.run([
            "check", "--spec", spec, try CommandRunner.traceFile(Self.finishedTrace), "count",
        ])
        #expect(
            result.lines == [
                "PASS  count                             3",
                #"PASS  next 2                            ["a","b"]"#,
                ##"FAIL  elements contains "#not a comment"  expected contains "#not a comment", got ["a","b","c"] (line 6, t=+10ms); recent: -"a"-"b"-"c"---|"##,
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
        let spec = temporaryPath("broken.spec")
        try "count\n\n  last > 3\n".write(toFile: spec, atomically: true, encoding: .utf8)
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
        (["check", "--format", "xml", "t.jsonl", "count"], "--format must be text, json; got 'xml'"),
        (["check", "--colour", "t.jsonl", "count"], "unknown option '--colour'"),
        (["check", "--spec"], "option '--spec' needs a value"),
        (["check", "--spec", "/nonexistent.spec", "t.jsonl"], "cannot read spec file /nonexistent.spec: no such file"),
        (
            ["check", "t.jsonl", "Single"],
            "query 1, column 1: unknown expectation 'Single'; expected one of available, completion, count, elements, failure, finished, last, next, prefix, recording, single; keywords are lowercase: single"
        ),
        (
            ["check", "t.jsonl", "not count"],
            "query 1, column 1: 'not' inverts finished, next, next where MATCHER and prefix N only, not count"
        ),
        (
            ["check", "t.jsonl", "finished within soon"],
            "query 1, column 17: expected a duration after 'within', like 250ms or 1.5s (units: ns, us, ms, s, m), found 'soon'"
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
