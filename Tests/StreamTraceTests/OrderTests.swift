import StreamTrace
import Testing

/// `group.events.order(_:before:)`: whether one stream's event comes before another's, events at one instant in the
/// order they were recorded; its `where` form and its inverted form.
@Suite struct OrderTests {
    @Test func passesWhenTheFirstsEventComesFirstAtOneInstantByTheRecordedOrder() async throws {
        let (group, members) = await GroupTimelineTests.search()
        try group.events.order(.value("x", in: "results"), before: .value("b", in: "query")).get()
        try group.events.order(.value("s", in: "query"), before: .value("x", in: "results")).get()
        try group.events.order(.value("s", in: "query"), before: .value("nothing", in: "results")).get()
        #expect(group.events.consumedCount == 0)
        withExtendedLifetime(members) {}
    }

    @Test func failsAtTheSecondsEventWhenItComesFirstAndTheLanesMarkBoth() async throws {
        let (group, members) = await GroupTimelineTests.search()
        let error = try #require(throws: RecordingError.self) {
            try group.events.order(.value("b", in: "query"), before: .value("x", in: "results")).get()
        }
        #expect(error.reason == .outOfOrder)
        #expect(error.location?.index == 1)
        #expect(error.decidingElements == [1, 2])
        #expect(
            error.report
                == #"order(_:before:): expected query:"b" before results:"x", but results:"x" came first "#
                + "(event 2, t=+4ms)\n" + GroupTimelineTests.lanes)
        withExtendedLifetime(members) {}
    }

    @Test func looksFromTheCursor() async throws {
        let (group, members) = await GroupTimelineTests.search()
        _ = try group.events.next().get()
        let error = try #require(throws: RecordingError.self) {
            try group.events.order(.value("s", in: "query"), before: .value("x", in: "results")).get()
        }
        #expect(error.message == #"expected query:"s" before results:"x", but results:"x" came first"#)
        withExtendedLifetime(members) {}
    }

    @Test func failsWhenTheGroupEndsWithNeitherAndWaitsUntilThen() async throws {
        let (group, members) = await GroupTimelineTests.search()
        let order = group.events.order(.value("z", in: "query"), before: .value("y", in: "results"))
        let open = try #require(throws: RecordingError.self) { try order.wait(timeout: .milliseconds(1)) }
        #expect(open.message == #"expected query:"z" before results:"y" within 1ms; neither came in 3 elements"#)
        for member in members { member.receive(completion: .finished) }
        let ended = try #require(throws: RecordingError.self) { try order.get() }
        #expect(ended.reason == .noMatchingElement)
        #expect(
            ended.report == """
                order(_:before:): expected query:"z" before results:"y" before the stream finished; neither came in 5 \
                elements (event 6, t=+4ms)
                query:   a---(b|)
                results: ----(c|)
                a = "s"
                b = "b"
                c = "x"
                """)
    }

    @Test func aWaitIsWokenByTheDecidingEvent() async throws {
        let group = StreamGroup(name: "g", clock: TestClock())
        let a = group.recorder(named: "a", of: Int.self)
        let b = group.recorder(named: "b", of: Int.self)
        let waiting = Task {
            try await group.events.order(.value(2, in: "a"), before: .value(2, in: "b")).value(timeout: .seconds(60))
        }
        for value in 0..<3 {
            a.receive(value)
            b.receive(value)
        }
        try await waiting.value
    }

    @Test func invertedPassesWhenTheSecondsComesFirstOrNeitherDoesAndFailsOtherwise() async throws {
        let (group, members) = await GroupTimelineTests.search()
        try group.events.order(.value("b", in: "query"), before: .value("x", in: "results")).inverted.get()
        try group.events.order(.value("z", in: "query"), before: .value("y", in: "results")).inverted.get()
        let error = try #require(throws: RecordingError.self) {
            try group.events.order(.value("x", in: "results"), before: .value("b", in: "query")).inverted.get()
        }
        // The same lanes: "x" decided it, "b" after it is marked too.
        #expect((error.reason, error.details) == (.invertedFulfilled, GroupTimelineTests.lanes))
        #expect(
            error.summary == #"expected results:"x" not before query:"b", but results:"x" came first (event 2, t=+4ms)"#
        )
        withExtendedLifetime(members) {}
    }

    @Test func theWhereFormTakesPredicates() async throws {
        let (group, members) = await GroupTimelineTests.search()
        try group.events.order(where: { $0.stream == "query" }, before: { $0.stream == "results" }).get()
        let error = try #require(throws: RecordingError.self) {
            try group.events.order(where: { $0.stream == "results" }, before: { $0.stream == "query" }).get()
        }
        #expect(error.expectation == "order(where:before:)")
        #expect(
            error.message
                == #"expected an event the first predicate accepts before one the second accepts, but query:"s" came first"#
        )
        #expect(error.decidingElements == [0, 1])
        withExtendedLifetime(members) {}
    }

    /// The order query over a group's merged trace written by hand, as a folder gives it: each element its event's
    /// JSON. One search, from the cursor, for the first element either event names; nothing else is kept.
    @Test func aQueryOverAGroupsTraceIsDecidedByTheSameExpectation() throws {
        let text = GroupTimelineTests.searchTrace
        let queries = try [
            #"order query == "b" before results == "x""#, #"order results before query == "b""#,
            #"not order results == "x" before query == "b""#, #"order "query" finished before results finished"#,
            #"order query > 1 before results == "z""#,
        ].map { try Query($0) }
        let checker = TraceChecker(queries: queries)
        let once = try checker.evaluations(of: TraceReader(bytes: Array(text.utf8))).results
        #expect(Array(try checker.evaluations(scanning: Array(text.utf8))) == once)
        #expect(once.map(\.status) == [.fail, .pass, .fail, .pass, .fail])
        #expect(
            once.map { $0.failure.map { "\($0.reason): \($0.summary)" } } == [
                #"outOfOrder: expected query == "b" before results == "x", but results:"x" came first (line 3, t=+4ms)"#,
                nil,
                #"invertedFulfilled: expected results == "x" not before query == "b", but results:"x" came first "#
                    + "(line 3, t=+4ms)",
                nil,
                #"noMatchingElement: expected query > 1 before results == "z" before the trace ends; neither came in "#
                    + "4 elements (line 5, t=+4ms)",
            ])
        #expect(once[0].failure?.details == GroupTimelineTests.searchTraceLanes(caretAt: 13))
        let order = try Query("order a before b").expectation
        guard case .search(let search) = order.reading else {
            Issue.record("order is read as \(order.reading), not as a search")
            return
        }
        #expect(order.traceNeeds == .nothing && search.matcher == nil && search.accepting && search.fromCursor)
    }

    /// Order.swift's examples.
    @Test func theDocumentationExamples() throws {
        let group = StreamGroup(name: "search", clock: TestClock())
        let query = group.recorder(named: "query", of: String.self)
        let results = group.recorder(named: "results", of: [String].self)
        let spinner = group.recorder(named: "spinner", of: Bool.self)
        spinner.receive(true)
        query.receive("swi")
        results.receive(["Swift"])
        try group.events.order(.value("swi", in: "query"), before: .value(["Swift"], in: "results")).get()
        try group.events.order(.value(["Swift"], in: "results"), before: .value("swi", in: "query")).inverted.get()
        spinner.receive(false)
        // The spinner stops only after the results came.
        try group.events.order(
            where: { $0.stream == "results" }, before: { $0 == .value(false, in: "spinner") }
        ).get()
    }
}
