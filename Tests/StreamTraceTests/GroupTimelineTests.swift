import StreamTrace
import Testing

/// A failure over a group's events ends with one lane per stream on one time axis, the deciding events marked, and the
/// recorded order of events that share a frame written out (`GroupTimeline`).
@Suite struct GroupTimelineTests {
    /// `query` publishes "s"; 4 ms later `results` publishes "x", then `query` "b", at the same instant; both go on.
    static func search() async -> (StreamGroup, [Recorder<String, Never>]) {
        let clock = TestClock()
        let group = StreamGroup(name: "search", clock: clock)
        let query = group.recorder(named: "query", of: String.self)
        let results = group.recorder(named: "results", of: String.self)
        query.receive("s")
        await clock.advance(by: .milliseconds(4))
        results.receive("x")
        query.receive("b")
        return (group, [query, results])
    }

    /// `search()`'s lanes, "b" and "x" marked: what a failure decided at either ends with.
    static let lanes = """
        query:   a---b-
        results: ----c-
                     ^
        a = "s"
        b = "b"
        c = "x"
        results:c before query:b at t=+4ms
        """

    @Test func aFailureOverAGroupsEventsEndsWithALanePerStreamItsEventMarkedAndTheOrderAtItsTime() async throws {
        let (group, members) = await Self.search()
        _ = try group.events.next(3).get()
        let error = try #require(throws: RecordingError.self) { try group.events.next().get() }
        #expect(error.report == "next(): expected 1 more element, got 0 (event 3, t=+4ms)\n" + Self.lanes)
        // The one-line description keeps the recent timeline; elements are named by their stream.
        #expect(
            error.description == #"next(): expected 1 more element, got 0 (event 3, t=+4ms); recent: a---(bc)-  "#
                + #"a = query:"s", b = results:"x", c = query:"b""#)
        withExtendedLifetime(members) {}
    }

    @Test func eventsOfOneStreamAtOneTimeAreAGroupTheCaretUnderTheMarkedOne() {
        let timeline = GroupTimeline(
            events: [
                .init(stream: "cart", mark: .element("1"), nanoseconds: 1_000_000),
                .init(stream: "status", mark: .element(#""paying""#), nanoseconds: 3_000_000),
                .init(stream: "cart", mark: .element("2"), nanoseconds: 3_000_000),
                .init(stream: "cart", mark: .finished, nanoseconds: 3_000_000, isMarked: true),
                .init(stream: "status", mark: .element(nil), nanoseconds: 5_000_000),
            ], omitted: 2, start: 500_000)
        #expect(
            timeline.description == """
                cart:   …--a---(b|)
                status: …------c------?-
                                 ^
                a = 1
                b = 2
                c = "paying"
                ?: an element not named here
                status:c before cart:b before cart:| at t=+3ms
                """)
    }

    @Test func markedEventsAloneInTheirFrameWriteNoOrder() {
        let timeline = GroupTimeline(events: [
            .init(stream: "a", mark: .element("1"), nanoseconds: 0, isMarked: true),
            .init(stream: "b", mark: .element("1"), nanoseconds: 2, isMarked: true),
            .init(stream: "b", mark: .failure, nanoseconds: 4),
        ])
        #expect(
            timeline.description == """
                a: a-
                b: ----a---#
                   ^   ^
                a = 1
                """)
    }

    /// `search()`'s events as a group read from a folder gives them, handwritten: each element its event's JSON;
    /// `query` then finished, `results` did not.
    static let searchTrace = """
        {"streamtrace":1}
        {"t":0,"event":"value","value":{"stream":"query","event":"value","value":"s"}}
        {"t":4000000,"event":"value","value":{"stream":"results","event":"value","value":"x"}}
        {"t":4000000,"event":"value","value":{"stream":"query","event":"value","value":"b"}}
        {"t":4000000,"event":"value","value":{"stream":"query","event":"finished"}}

        """

    /// `searchTrace`'s lanes, a caret at `column`.
    static func searchTraceLanes(caretAt column: Int) -> String {
        let lanes = ["query:   a---(b|)", "results: ----c-", String(repeating: " ", count: column) + "^"]
        let legend = [#"a = "s""#, #"b = "b""#, #"c = "x""#, "results:c before query:b before query:| at t=+4ms"]
        return (lanes + legend).joined(separator: "\n")
    }

    @Test func aGroupReadFromAFolderDrawsItsElementsJSONAsLanes() throws {
        let text = Self.searchTrace
        let checker = TraceChecker(queries: [try Query(#"not contains where contains {"value":"b"}"#)])
        let expected = Self.searchTraceLanes(caretAt: 14)
        let once = try checker.evaluations(of: TraceReader(bytes: Array(text.utf8)))
        #expect(
            once.results.map { $0.failure?.summary } == [
                #"expected no element where contains {"value":"b"}, but element 3 is "#
                    + #"{"stream":"query","event":"value","value":"b"} (line 4, t=+4ms)"#
            ])
        #expect(once.results.map { $0.failure?.details } == [expected])
        let scanned = Array(try checker.evaluations(scanning: Array(text.utf8)))
        #expect(scanned.map { $0.failure?.details } == [expected])
    }

    @Test func aTraceWhoseValuesAreNotAGroupsEventsHasNoLanes() throws {
        let text = """
            {"streamtrace":1}
            {"t":0,"event":"value","value":{"stream":"query","event":"value","value":"s"}}
            {"t":1,"event":"value","value":{"stream":"query"}}

            """
        let checker = TraceChecker(queries: [try Query("finished")])
        let results = try checker.evaluations(of: TraceReader(bytes: Array(text.utf8))).results
        #expect(results.map { $0.failure?.details } == [nil])
    }

    @Test func groupEventsReadBackFromTheirJSON() throws {
        let events: [GroupEvent] = [
            .value(["id": 1], in: "cart"), .finished("cart"), GroupEvent(stream: "s", event: .cancel),
            GroupEvent(stream: "s", event: .failure(TraceFailure(type: "E", message: "boom"))),
        ]
        #expect(events.map { GroupEvent(json: $0.json) } == events)
        #expect(GroupEvent(json: ["stream": "s", "event": "finished", "value": 1]) == nil)
        #expect(GroupEvent(json: ["stream": "s", "event": "value"]) == nil)
        #expect(GroupEvent(json: ["stream": 1, "event": "finished"]) == nil)
    }
}
