import Foundation
import StreamTrace
import Testing

@Suite struct TraceReaderTests {
    let header =
        #"{"streamtrace":1,"stream":"search","clock":"continuous","started":"2026-11-22T10:00:00.123Z","meta":{"test":"x"}}"#

    func read(_ text: String) throws(TraceReadError) -> Trace {
        try Trace(text: text, name: "t.jsonl")
    }

    func readError(_ text: String) -> TraceReadError? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsTheSpecExample() throws {
        let trace = try read(
            """
            \(header)
            {"t":0,"event":"subscribe"}
            {"t":120000,"event":"request","demand":"unlimited"}
            {"t":1200000,"event":"value","value":"foo"}
            {"t":2500000,"event":"value","value":{"id":1,"name":"x"}}
            {"t":3000000,"event":"finished"}

            """)
        #expect(
            trace.header
                == TraceHeader(
                    stream: "search", clock: "continuous", started: "2026-11-22T10:00:00.123Z",
                    meta: JSONObject([.init(key: "test", value: "x")])))
        #expect(trace.status == .finished)
        #expect(trace.events.map(\.line) == [2, 3, 4, 5, 6])
        #expect(trace.events.map(\.nanoseconds) == [0, 120_000, 1_200_000, 2_500_000, 3_000_000])
        #expect(trace.events[1].event == .request(.unlimited))
        #expect(trace.elements == ["foo", ["id": 1, "name": "x"]])
        #expect(trace.warnings.isEmpty)
    }

    @Test func acceptsByteOrderMarkCRLFAndBlankLines() throws {
        let text =
            "\u{FEFF}{\"streamtrace\":1}\r\n\r\n  \n{\"t\":5,\"event\":\"value\",\"value\":1}\r\n\n{\"t\":6,\"event\":\"cancel\"}\r\n\n"
        let trace = try read(text)
        #expect(trace.events.map(\.line) == [4, 6])
        #expect(trace.status == .cancelled)
    }

    @Test func ignoresUnknownKeysAndReadsFailurePayloads() throws {
        let trace = try read(
            """
            {"streamtrace":1,"future":[1,{"x":2}]}
            {"t":1,"thread":"main","event":"request","demand":3,"extra":{"deep":[true]}}
            {"t":2,"event":"failure","error":{"type":"MyError","message":"bad"},"value":{"code":7}}
            """)
        #expect(trace.events[0].event == .request(.max(3)))
        #expect(trace.events[1].event == .failure(TraceFailure(type: "MyError", message: "bad", value: ["code": 7])))
        #expect(trace.status == .failed)
    }

    @Test func aTraceWithoutTerminalEventIsOpen() throws {
        let trace = try read("\(header)\n{\"t\":0,\"event\":\"value\",\"value\":1}\n")
        #expect(trace.status == .open)
        #expect(trace.warnings.isEmpty)
    }

    @Test func aTruncatedLastLineIsIgnoredWithAWarning() throws {
        let trace = try read("\(header)\n{\"t\":0,\"event\":\"value\",\"value\":1}\n{\"t\":5,\"event\":\"val")
        #expect(trace.status == .truncated)
        #expect(trace.events.count == 1)
        #expect(
            trace.warnings.map(\.description) == [
                "t.jsonl:3:1: warning: the last line is truncated (no newline, not valid JSON); it is ignored and the trace is treated as open"
            ])
    }

    @Test(arguments: [#"{"t":-1"#, #"{"t":5,"event":"bogus","#, #"{"t":1,"t":2,"#])
    func aCutLastLineThatBreaksARuleBeforeItsSyntaxIsStillATruncatedTail(tail: String) throws {
        let trace = try read("\(header)\n{\"t\":0,\"event\":\"value\",\"value\":1}\n" + tail)
        #expect(trace.status == .truncated)
        #expect(trace.elements == [1])
    }

    @Test func aCompleteLastLineWithoutNewlineIsRead() throws {
        let trace = try read("\(header)\n{\"t\":0,\"event\":\"finished\"}")
        #expect(trace.status == .finished)
    }

    @Test(arguments: [
        ("", "t.jsonl:1:1: empty trace: expected a header line {\"streamtrace\":1,...}"),
        ("\n\n", "t.jsonl:2:1: empty trace: expected a header line {\"streamtrace\":1,...}"),
        (
            "{\"t\":0,\"event\":\"finished\"}\n",
            "t.jsonl:1:1: missing header: expected {\"streamtrace\":1,...} on the first line, found an event"
        ),
        ("{\"streamtrace\":2}\n", "t.jsonl:1:16: unsupported trace version 2; this reader knows version 1"),
        ("{\"streamtrace\":\"1\"}\n", "t.jsonl:1:16: \"streamtrace\" must be the integer format version, found \"1\""),
        ("{\"streamtrace\":1.0}\n", "t.jsonl:1:16: \"streamtrace\" must be the integer format version, found 1.0"),
        ("{\"streamtrace\":1,\"clock\":5}\n", "t.jsonl:1:26: \"clock\" must be a string, found number"),
        ("hello\n", "t.jsonl:1:1: not a trace header: expected a JSON object, found 'h'"),
        ("{\"streamtrace\":1,\n", "t.jsonl:1:18: not a trace header: expected a string key, found end of line"),
        (
            "{\"streamtr",
            "t.jsonl:1:11: the header line is truncated (no newline, not valid JSON): not a trace header: unterminated string"
        ),
    ])
    func headerProblemsPointAtTheirLineAndColumn(text: String, message: String) {
        #expect(readError(text)?.description == message)
    }

    @Test(arguments: [
        ("{\"t\":1,\"event\":\"value\",\"value\":[1,}\n", "t.jsonl:2:35: expected a JSON value, found '}'"),
        ("[1,2]\n", "t.jsonl:2:1: expected a JSON object, found an array"),
        ("{\"event\":\"finished\"}\n", "t.jsonl:2:1: missing \"t\": every event needs a time"),
        ("{\"t\":1}\n", "t.jsonl:2:1: missing \"event\": every event needs a kind"),
        (
            "{\"t\":-1,\"event\":\"finished\"}\n",
            "t.jsonl:2:6: \"t\" must be a non-negative integer of nanoseconds, found -1"
        ),
        (
            "{\"t\":1.5,\"event\":\"finished\"}\n",
            "t.jsonl:2:6: \"t\" must be a non-negative integer of nanoseconds, found 1.5"
        ),
        (
            "{\"t\":\"1\",\"event\":\"finished\"}\n",
            "t.jsonl:2:6: \"t\" must be a non-negative integer of nanoseconds, found the string \"1\""
        ),
        (
            "{\"t\":99999999999999999999,\"event\":\"finished\"}\n",
            "t.jsonl:2:6: \"t\" is out of range (more than 9223372036854775807 nanoseconds)"
        ),
        (
            "{\"t\":1,\"event\":\"explode\"}\n",
            "t.jsonl:2:16: unknown event kind \"explode\"; expected subscribe, request, value, finished, failure or cancel"
        ),
        ("{\"t\":1,\"event\":7}\n", "t.jsonl:2:16: \"event\" must be a string, found 7"),
        ("{\"t\":1,\"event\":\"value\"}\n", "t.jsonl:2:1: a value event needs a \"value\""),
        ("{\"t\":1,\"event\":\"request\"}\n", "t.jsonl:2:1: a request event needs a \"demand\""),
        (
            "{\"t\":1,\"event\":\"request\",\"demand\":0}\n",
            "t.jsonl:2:35: \"demand\" must be an integer >= 1 or \"unlimited\", found 0"
        ),
        ("{\"t\":1,\"event\":\"failure\"}\n", "t.jsonl:2:1: a failure event needs an \"error\""),
        (
            "{\"t\":1,\"event\":\"failure\",\"error\":\"x\"}\n",
            "t.jsonl:2:34: \"error\" must be an object with string \"type\" and \"message\", found \"x\""
        ),
        ("{\"t\":1,\"t\":2,\"event\":\"finished\"}\n", "t.jsonl:2:8: duplicate key \"t\""),
        (
            "{\"t\":5,\"event\":\"value\",\"value\":1}\n{\"t\":4,\"event\":\"finished\"}\n",
            "t.jsonl:3:6: \"t\" decreased from 5 to 4; times must never decrease"
        ),
        (
            "{\"t\":1,\"event\":\"finished\"}\n{\"t\":2,\"event\":\"value\",\"value\":1}\n",
            "t.jsonl:3:1: event after the terminal event (finished on line 2); nothing may follow it"
        ),
        (
            "{\"t\":1,\"event\":\"cancel\"}\n{\"t\":2,\"event\":\"cancel\"}\n",
            "t.jsonl:3:1: event after the terminal event (cancel on line 2); nothing may follow it"
        ),
        (
            "{\"t\":1,\"event\":\"value\",\"value\":1}\n{\"t\":2,\"event\":\"subscribe\"}\n",
            "t.jsonl:3:1: subscribe must be the first event, found it after 1 event"
        ),
        (
            "{\"t\":1,\"event\":\"value\",\"value\":\"é\u{1}\"}\n",
            "t.jsonl:2:34: a string must not contain byte 0x01 (control characters must be escaped)"
        ),
        ("garbage\n{\"t\":1,\"event\":\"finished\"}\n", "t.jsonl:2:1: expected a JSON object, found 'g'"),
    ])
    func malformedEventsPointAtTheirLineAndColumn(events: String, message: String) {
        #expect(readError("{\"streamtrace\":1}\n" + events)?.description == message)
    }

    @Test func malformedLinesAreInvalidJSONOrInvalidEvents() {
        #expect(readError("{\"streamtrace\":1}\n{\"t\":1,\n{\"t\":2,\"event\":\"finished\"}\n")?.kind == .invalidJSON)
        #expect(readError("{\"streamtrace\":1}\n{\"t\":1,\"event\":\"nope\"}\n")?.kind == .invalidEvent)
        // A complete (newline-terminated) but invalid line is malformed, not truncated.
        #expect(
            readError("{\"streamtrace\":1}\n{\"t\":1,\n")?.description
                == "t.jsonl:2:8: expected a string key, found end of line")
    }

    @Test func invalidUTF8AndNULBytesAreErrorsWithTheirColumn() {
        var bytes = Array("{\"streamtrace\":1}\n{\"t\":1,\"event\":\"value\",\"value\":\"ab".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("\"}\n".utf8)
        #expect(
            throws: TraceReadError(
                kind: .invalidJSON, file: "b", line: 2, column: 36, message: "invalid UTF-8: unexpected '('")
        ) {
            try Trace(bytes: bytes, name: "b")
        }
        let nul = Array("{\"streamtrace\":1}\n{\"t\":1,\"event\":\"value\",\"value\":1".utf8) + [0] + Array("}\n".utf8)
        #expect(
            throws: TraceReadError(
                kind: .invalidJSON, file: "b", line: 2, column: 33,
                message: "expected ',' or '}' in an object, found a NUL byte")
        ) {
            try Trace(bytes: nul, name: "b")
        }
    }

    @Test func anyKeyOrderAndSpacingReadsTheSameAsTheWritersLayout() throws {
        let lines = [
            #"{"t":5,"event":"value","value":{"a":[1,2]}}"#,
            #"{"event":"value","value":{"a":[1,2]},"t":5}"#,
            #" { "t" : 5 , "event" : "value" , "value" : { "a" : [ 1 , 2 ] } } "#,
            #"{"t":5,"x":null,"event":"value","value":{"a":[1,2]}}"#,
            #"{"t":5,"event":"value","value":{"a":[1,2]}}"#,
        ]
        for line in lines {
            let trace = try read("{\"streamtrace\":1}\n\(line)\n")
            #expect(trace.events == [TraceEvent(nanoseconds: 5, event: .value(["a": [1, 2]]), line: 2)])
        }
    }

    @Test(arguments: [
        (#"{"t":5,"event":"value","value":1}x"#, "t.jsonl:2:34: expected end of JSON, found 'x'"),
        (#"{"t":05,"event":"finished"}"#, "t.jsonl:2:7: a number must not have a leading zero"),
        (#"{"t":5,"event":"finished"} }"#, "t.jsonl:2:28: expected end of JSON, found '}'"),
        (#"{"t":5,"event":"value","value":}"#, "t.jsonl:2:32: expected a JSON value, found '}'"),
    ])
    func aLineThatOnlyStartsLikeTheWritersLayoutIsStillChecked(line: String, message: String) {
        #expect(readError("{\"streamtrace\":1}\n\(line)\n")?.description == message)
    }
}
