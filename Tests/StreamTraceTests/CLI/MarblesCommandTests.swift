// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

@testable import StreamTrace

/// `streamtrace check … 'marbles "DIAGRAM" [frame D] [values {…}]'`, run as
/// a binary.
@Suite struct MarblesCommandTests {
    /// A trace of `events`: (milliseconds, the event's members after `t`).
    static func trace(_ events: [(Double, String)]) -> String {
        let lines = events.map { #"{"t":\#(Int64($0.0 * 1_000_000)),\#($0.1)}"# }
        return (#"{"streamtrace":1,"stream":"marbles","clock":"virtual"}"# + "\n" + lines.joined(separator: "\n"))
            + "\n"
    }

    static func value(_ json: String) -> String { #""event":"value","value":\#(json)"# }
    static let subscribe = #""event":"subscribe""#
    static let request = #""event":"request","demand":"unlimited""#
    static let finished = #""event":"finished""#
    static let failure = #""event":"failure","error":{"type":"Boom","message":"it broke"}"#
    static let cancel = #""event":"cancel""#

    /// 1 at 10 ms, {"ok":true} at 30 ms, finished at 50 ms.
    static let search = trace([
        (0, subscribe), (0, request), (10, value("1")), (30, value(#"{"ok":true}"#)), (50, finished),
    ])

    func check(_ trace: String, _ queries: [String], format: [String] = []) async throws -> CommandRunner.Result {
        try await CommandRunner.run(["check"] + format + [try CommandRunner.traceFile(trace)] + queries)
    }

    @Test func aTraceDrawnAsTheDiagramPasses() async throws {
        let result = try await check(
            Self.search,
            [
                #"marbles "-a-b-|" frame 10ms values {"a": 1, "b": {"ok": true}}"#,
                #"marbles "-1-b-|" frame 10ms values {"1": 1, "b": {"ok":true}}"#,
                // JSON equality, as == compares: 1.0 is 1.
                #"marbles "-a-b-|" frame 10ms values {"a": 1.0, "b": {"ok": true}}"#,
                #"next where == 1.0"#,
            ])
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.last == "4 passed, 0 failed")
    }

    @Test func theFirstDifferenceIsDrawnExpectedOverActual() async throws {
        let result = try await check(Self.search, [#"marbles "-a---b|" frame 10ms values {"a": 1, "b": {"ok": true}}"#])
        #expect(result.status == 1)
        #expect(
            result.lines == [
                #"FAIL  marbles "-a---b|" frame 10ms values {"a": 1, "b": {"ok": true}}  frame 3: expected no event, got b ({"ok":true}) (line 5, t=+30ms)"#,
                "      expected: -a---b|",
                "      actual:   -a-b-|",
                "                   ^",
                "      a = 1",
                #"      b = {"ok":true}"#,
                "0 passed, 1 failed",
            ], "\(result)")
    }

    /// The reason of `query` on `trace`, from the JSON report.
    func reason(_ trace: String, _ query: String) async throws -> String {
        let result = try await check(trace, [query], format: ["--format", "json"])
        guard result.status == 1 else { return "status \(result.status): \(result.stdout)\(result.stderr)" }
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let results = report?["results"] as? [[String: Any]]
        return results?.first?["reason"] as? String ?? "no reason: \(result.stdout)"
    }

    @Test(arguments: [
        (#"marbles "-a-c-|" frame 10ms values {"a": 1, "c": {"ok": false}}"#, "valueMismatch"),
        (#"marbles "-a-b---|" frame 10ms values {"a": 1, "b": {"ok": true}}"#, "earlyCompletion"),
        (#"marbles "-a-b|" frame 10ms values {"a": 1, "b": {"ok": true}}"#, "lateCompletion"),
        (#"marbles "-a-b-#" frame 10ms values {"a": 1, "b": {"ok": true}}"#, "differentEvent"),
        (#"marbles "-a---b|" frame 10ms values {"a": 1, "b": {"ok": true}}"#, "unexpectedEvent"),
        (#"marbles "-a-(bc)|" frame 10ms values {"a": 1, "b": {"ok": true}}"#, "missingEvent"),
        (#"marbles "-a-b-|-x" frame 10ms values {"a": 1, "b": {"ok": true}}"#, "invalid"),
    ])
    func eachKindOfDifferenceHasAStableReason(query: String, reason: String) async throws {
        let found = try await self.reason(Self.search, query)
        #expect(reason == "invalid" ? found.hasPrefix("status 2") : found == reason, "\(found)")
    }

    @Test func aTraceThatStopsShortOfTheDiagramIsNotReached() async throws {
        let open = Self.trace([(0, Self.subscribe), (10, Self.value("1"))])
        #expect(try await reason(open, #"marbles "-a-b" frame 10ms values {"a": 1, "b": 2}"#) == "notReached")
        let result = try await check(open, [#"marbles "-a-b" frame 10ms values {"a": 1, "b": 2}"#])
        #expect(
            result.lines.first?.hasSuffix(
                "frame 3: expected b (2), but the recording ends in frame 1 (line 3, t=+10ms)") == true, "\(result)")
    }

    /// A pass keeps the diagram's elements and one more, not the trace; the failure draws those and says how many
    /// later elements it leaves out, as a live recorder's does (MarblesExpectationTests).
    @Test func aLongTraceIsKeptAndDrawnUpToOneElementAfterTheDiagrams() async throws {
        let trace = Self.trace(
            [(0, Self.subscribe)] + (1...30).map { (Double($0 * 10), Self.value("\($0)")) } + [(310, Self.finished)])
        let query = #"marbles "-a|" frame 10ms values {"a": 1}"#
        let result = try await check(trace, [query])
        #expect(
            result.lines == [
                "FAIL  \(query)  frame 2: expected | (finished), got b (2): the stream ends 29 frames late, in frame 31 "
                    + "(line 4, t=+20ms)",
                "      expected: -a|",
                "      actual:   -ab 280ms |",
                "                  ^",
                "      a = 1",
                "      b = 2",
                "      28 later elements not drawn: the difference comes before",
                "0 passed, 1 failed",
            ], "\(result)")
        let queries = try [query, #"marbles "-ab-c|""#, #"marbles "-""#].map { try Query($0) }
        let streams = queries.map { QueryStreams.make(for: $0, limit: nil) }
        #expect(
            queries.map { QueryStreams.firstCount(for: [$0], streams: [QueryStreams.make(for: $0, limit: nil)]) } == [
                2, 4, 1,
            ])
        #expect(QueryStreams.firstCount(for: queries, streams: streams) == 4)
    }

    @Test func aFailureAndACancelAreDrawnAndMatched() async throws {
        let failed = Self.trace([(0, Self.subscribe), (1, Self.value(#""a""#)), (2, Self.failure)])
        let cancelled = Self.trace([(0, Self.subscribe), (1, Self.value(#""a""#)), (3, Self.cancel)])
        #expect(try await check(failed, [#"marbles "-a#""#]).status == 0)
        #expect(try await check(cancelled, [#"marbles "-a-!""#]).status == 0)
        let result = try await check(failed, [#"marbles "-a|""#])
        #expect(
            result.lines == [
                #"FAIL  marbles "-a|"  frame 2: expected | (finished), got # (failure) (line 4, t=+2ms)"#,
                "      expected: -a|", "      actual:   -a#", "                  ^", #"      a = "a""#,
                "      #: Boom: it broke", "0 passed, 1 failed",
            ], "\(result)")
        #expect(try await reason(cancelled, #"marbles "-a!""#) == "lateCompletion")
    }

    @Test func groupsTimeProgressionAndEventsBetweenFrames() async throws {
        let trace = Self.trace([
            (0, Self.subscribe), (1, Self.value(#""a""#)), (1, Self.value(#""b""#)), (5, Self.value(#""c""#)),
            (3000.5, Self.value(#""d""#)), (3004.9, Self.finished),
        ])
        let queries = [
            #"marbles "-(ab)c 2994ms d---|""#,  // the group takes 4 frames: c at 5, d at 6 + 2994
            #"marbles "-(ab)c 2.994s d---|""#,
            #"marbles "(abc) 2950ms (d|)" frame 10ms"#,  // 1, 1 and 5 ms are frame 0; 3000.5 and 3004.9 frame 300
        ]
        let result = try await check(trace, queries)
        #expect(result.status == 0, "\(result)")
        let late = try await check(trace, [#"marbles "(abc) 2950ms d|" frame 10ms"#])
        #expect(
            late.lines.first?.hasSuffix(
                #"frame 300: expected no event, got | (finished): 1 frame early (the diagram ends in frame 301) (line 7, t=+3.005s)"#
            )
                == true, "\(late)")
    }

    /// `show` draws with the symbols a diagram is written in: its line reads
    /// back as the trace's events, in order, its groups as one frame.
    @Test func showsMarbleLineReadsBackAsADiagramOfTheTrace() async throws {
        let trace = Self.trace([
            (0, Self.subscribe), (0, Self.request), (1, Self.value("1")), (30, Self.value(#"{"ok":true}"#)),
            (30, Self.value("1")), (52, Self.value(#""🍏""#)), (90, Self.cancel),
        ])
        let result = try await CommandRunner.run(["show", try CommandRunner.traceFile(trace)])
        #expect(result.status == 0, "\(result)")
        let lines = result.lines
        let line = try #require(lines.dropLast().last, "\(result)")
        #expect(lines.last == #"a = 1   b = {"ok":true}   c = "🍏"   !: cancel"#)
        let diagram = try MarbleDiagram(line)
        #expect(diagram.events.map(\.symbol) == [.element("a"), .element("b"), .element("a"), .element("c"), .cancel])
        let frames = diagram.events.map { diagram.frameIndex(of: $0.nanoseconds) }
        #expect(frames[1] == frames[2] && Set(frames).count == 4, "\(line)")
    }

    @Test(arguments: [
        (#"marbles "-a-(b""#, #"query 1, column 13: '(' is never closed in the diagram"#),
        (#"marbles "-a|b""#, #"query 1, column 13: 'b' after the stream ended ('|' at column 3) in the diagram"#),
        (#"marbles "\u002da-(b""#, #"query 1, column 9: '(' is never closed in the diagram (column 4 of the diagram)"#),
        (
            #"marbles -a-b"#,
            #"query 1, column 9: expected a diagram as a JSON string after 'marbles' ("-a-b|"), found '-a-b'"#
        ),
        (
            #"marbles 3"#,
            #"query 1, column 9: expected a diagram as a JSON string after 'marbles' ("-a-b|"), found '3'"#
        ),
        (
            #"marbles "-a" frame 0ms"#,
            "query 1, column 20: expected a duration longer than zero after 'frame', like 10ms (units: ns, us, ms, s, m, h), found '0ms'"
        ),
        (
            #"marbles "-a" values {"a": 1} frame 10ms"#,
            "query 1, column 30: 'frame' comes before 'values': marbles JSON-STRING [frame DURATION] [values JSON-OBJECT]"
        ),
        (
            #"marbles "-a" frame 1ms frame 10ms"#,
            "query 1, column 24: 'frame' is given twice: marbles JSON-STRING [frame DURATION] [values JSON-OBJECT]"
        ),
        (#"marbles "-a" values [1]"#, "query 1, column 21: expected a JSON object after 'values', found array"),
        (
            #"marbles "-a" values {"ab": 1}"#,
            "query 1, column 21: the key 'ab' of 'values' is not an element name: one character"
        ),
        (
            #"marbles "-a" within 1s"#,
            #"query 1, column 14: 'within' does not apply to marbles "-a": its diagram says when each event comes and what it is"#
        ),
        (
            #"marbles "-a" == 1"#,
            #"query 1, column 14: unexpected '=='; marbles "-a" takes no matcher: its diagram says when each event comes and what it is"#
        ),
        (
            #"not marbles "-a""#,
            #"query 1, column 1: 'not' inverts contains where MATCHER, finished, next, next where MATCHER, order STREAM [MATCHER] before STREAM [MATCHER] and prefix N only, not marbles "-a""#
        ),
    ])
    func usageErrorsNameTheirColumn(query: String, message: String) async throws {
        let result = try await check(Self.search, [query])
        #expect(result.status == 2)
        #expect(
            result.stderr.split(separator: "\n").first.map(String.init) == "streamtrace: error: " + message, "\(result)"
        )
    }

    /// Issue 36 item 10: a diagram that can never match (an element before `^`, before the subscription) is refused
    /// as the other diagram errors are, at its column, with exit 2; not checked and failed with exit 1.
    @Test func anElementBeforeTheSubscriptionIsAUsageError() async throws {
        let result = try await check(Self.search, [#"marbles "a-^-a|" frame 10ms"#])
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(
            result.stderr.split(separator: "\n").first.map(String.init)
                == "streamtrace: error: query 1, column 10: 'a' before '^': an expected diagram starts at the "
                + "subscription in the diagram",
            "\(result)")
    }
}
#endif
