// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
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
            "FAIL  failure  expected the stream to fail, but it finished (line 6, t=+10ms); recent: -a-b-c---|  a = \"a\", b = \"b\", c = \"c\""
        ),
        ("finished", "PASS  finished"),
        ("last", #"PASS  last  "c""#),
        ("next", #"PASS  next  "a""#),
        ("next 2", #"PASS  next 2  ["a","b"]"#),
        ("next 0", "PASS  next 0  []"),
        (
            "next 4",
            "FAIL  next 4  expected 4 more elements, got 3 before the stream finished (line 6, t=+10ms); recent: -a-b-c---|  a = \"a\", b = \"b\", c = \"c\""
        ),
        ("prefix 2", #"PASS  prefix 2  ["a","b"]"#),
        ("prefix 5", #"PASS  prefix 5  ["a","b","c"]"#),
        ("recording", #"PASS  recording  {"elements":["a","b","c"],"completion":"finished"}"#),
        (
            "single",
            "FAIL  single  expected exactly one element, got 3 (line 6, t=+10ms); recent: -a-b-c---|  a = \"a\", b = \"b\", c = \"c\""
        ),
        (
            "not finished",
            "FAIL  not finished  expected no completion, but the stream finished (line 6, t=+10ms); recent: -a-b-c---|  a = \"a\", b = \"b\", c = \"c\""
        ),
        (
            "not next",
            #"FAIL  not next  expected no element, but got "a" (line 3, t=+1ms); recent: -a-b-c---|  a = "a", b = "b", c = "c""#
        ),
        (
            "not prefix 4",
            "FAIL  not prefix 4  expected fewer than 4 elements and no completion, but the stream finished (line 6, t=+10ms); recent: -a-b-c---|  a = \"a\", b = \"b\", c = \"c\""
        ),
        ("not prefix 2 within 1500us", #"PASS  not prefix 2 within 1500us  ["a"]"#),
        ("not finished within 5ms", "PASS  not finished within 5ms"),
        (
            "finished within 5ms",
            "FAIL  finished within 5ms  not completed within 5ms: last event is value (line 5, t=+3ms); recent: ---a---b---c-  a = \"a\", b = \"b\", c = \"c\""
        ),
        ("count within 2ms", "PASS  count within 2ms  2"),
        (
            "elements within 0.005s",
            "FAIL  elements within 0.005s  not completed within 0.005s: last event is value (line 5, t=+3ms); recent: ---a---b---c-  a = \"a\", b = \"b\", c = \"c\""
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
            "FAIL  elements  expected the stream to finish, but the stream failed with MyError: boom (line 3, t=+5ms); recent: a---#  a = 1"
        ),
        (
            "finished",
            "FAIL  finished  expected the stream to finish, but the stream failed with MyError: boom (line 3, t=+5ms); recent: a---#  a = 1"
        ),
        (
            "last",
            "FAIL  last  expected the stream to finish, but the stream failed with MyError: boom (line 3, t=+5ms); recent: a---#  a = 1"
        ),
        (
            "next 2",
            "FAIL  next 2  expected 2 more elements, but the stream failed with MyError: boom (line 3, t=+5ms); recent: a---#  a = 1"
        ),
        (
            "prefix 2",
            "FAIL  prefix 2  expected 2 elements, but the stream failed with MyError: boom (line 3, t=+5ms); recent: a---#  a = 1"
        ),
        (
            "available",
            "FAIL  available  expected no failure, but the stream failed with MyError: boom (line 3, t=+5ms); recent: a---#  a = 1"
        ),
        ("recording", #"PASS  recording  {"elements":[1],"completion":{"type":"MyError","message":"boom"}}"#),
        (
            "single",
            "FAIL  single  expected exactly one element, but the stream failed with MyError: boom (line 3, t=+5ms); recent: a---#  a = 1"
        ),
        (
            "not finished",
            "FAIL  not finished  expected no completion, but the stream failed with MyError: boom (line 3, t=+5ms); recent: a---#  a = 1"
        ),
        ("count", "PASS  count  1"),
    ])
    func everyExpectationOnAFailedTrace(query: String, line: String) async throws {
        let result = try await check(Self.failedTrace, [query])
        #expect(result.lines.first == line, "\(result)")
    }

    @Test(arguments: [
        ("completion", "FAIL  completion  not completed: last event is value (line 2, t=+1ms); recent: ---a-  a = 1"),
        (
            "next 2",
            "FAIL  next 2  expected 2 more elements, got 1 before the trace ends (line 2, t=+1ms); recent: ---a-  a = 1"
        ),
        ("not finished", "PASS  not finished"),
        ("not next", #"FAIL  not next  expected no element, but got 1 (line 2, t=+1ms); recent: ---a-  a = 1"#),
        ("not prefix 2", "PASS  not prefix 2  [1]"),
        (
            "prefix 2",
            "FAIL  prefix 2  expected 2 elements, got 1 before the trace ends (line 2, t=+1ms); recent: ---a-  a = 1"
        ),
        ("last", "FAIL  last  not completed: last event is value (line 2, t=+1ms); recent: ---a-  a = 1"),
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
                "FAIL  count >= 4   expected >= 4, got 3 (line 6, t=+10ms); recent: -a-b-c---|  a = \"a\", b = \"b\", c = \"c\"",
                #"FAIL  last == "b"  expected == "b", got "c" (line 6, t=+10ms); recent: -a-b-c---|  a = "a", b = "b", c = "c""#,
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
}
#endif
