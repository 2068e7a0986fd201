import StreamTrace
import StreamTraceXCTest
import XCTest

/// A group's merged recording through the XCTest glue: a failure draws one lane per stream, its deciding event marked,
/// and the order of events that share a frame.
final class GroupEventsTests: FailureCapturingTestCase {
    /// `query` publishes "s"; 4 ms later `results` publishes "x", then `query` "b", at the same instant; both finish.
    private func search() async -> (StreamGroup, [Recorder<String, Never>]) {
        let clock = TestClock()
        let group = StreamGroup(name: "search", clock: clock)
        let query = group.recorder(named: "query", of: String.self)
        let results = group.recorder(named: "results", of: String.self)
        query.receive("s")
        await clock.advance(by: .milliseconds(4))
        results.receive("x")
        query.receive("b")
        query.receive(completion: .finished)
        results.receive(completion: .finished)
        return (group, [query, results])
    }

    private let recorded: [ExpectedEvent<GroupEvent, Never>] = [
        .value(.value("s", in: "query")), .value(.value("x", in: "results")), .value(.value("b", in: "query")),
        .value(.finished("query")), .value(.finished("results")), .finished,
    ]

    /// `search()`'s lanes, "x" and "b" marked, and the order of the four events at 4 ms.
    private static let lanes = """

        query:   a---(b|)
        results: ----(c|)
                      ^
        a = "s"
        b = "b"
        c = "x"
        results:c before query:b before query:| before results:| at t=+4ms
        """

    func testTheMergedEventsPassWholeAndOneAtATime() async throws {
        let (group, members) = await search()
        assertEvents(group.events, recorded)
        let first = try await fulfillment(of: group.events.next(), timeout: .seconds(1))
        XCTAssertEqual(first, .value("s", in: "query"))
        withExtendedLifetime(members) {}
    }

    func testAnotherOrderAcrossStreamsIsShownSideBySideThenAsLanes() async {
        let (group, members) = await search()
        var expected = recorded
        expected.swapAt(1, 2)
        let line = #line + 1
        let failures = expectFailures { assertEvents(group.events, expected) }
        XCTAssertEqual(
            failures,
            [
                Failure(
                    message: """
                        failed - assertEvents: expected #2 to be value query:"b", got value results:"x" (event 2, t=+4ms)
                             expected                actual
                          1  value query:"s"         value query:"s" at t=+0ns
                        > 2  value query:"b"         value results:"x" at t=+4ms
                          3  value results:"x"       value query:"b" at t=+4ms
                          4  value query:finished    value query:finished at t=+4ms
                          5  value results:finished  value results:finished at t=+4ms
                          …
                        expected: a---(bcde)…
                        actual:   a---(cbde)…
                                      ^
                        a = query:"s"
                        b = query:"b"
                        c = results:"x"
                        d = query:finished
                        e = results:finished
                        """ + Self.lanes,
                    file: #filePath, line: line)
            ])
        withExtendedLifetime(members) {}
    }

    func testANextPastTheGroupsEndShowsItsLanes() async throws {
        let (group, members) = await search()
        _ = try group.events.next(5).get()
        let failures = await expectFailures { _ = try await fulfillment(of: group.events.next(), timeout: .seconds(1)) }
        XCTAssertEqual(
            failures.map(\.message),
            [
                """
                failed - next(): expected 1 more element, got 0 before the stream finished (event 6, t=+4ms)
                query:   a---(b|)
                results: ----(c|)
                a = "s"
                b = "b"
                c = "x"
                """
            ])
        withExtendedLifetime(members) {}
    }

    func testAnOrderTheRecordingKeepsPassesAndOneItContradictsFailsWithTheLanes() async throws {
        let (group, members) = await search()
        let kept = group.events.order(.value("x", in: "results"), before: .value("b", in: "query"))
        let contradicted = group.events.order(.value("b", in: "query"), before: .value("x", in: "results"))
        try await fulfillment(of: kept, timeout: .seconds(1))
        try await fulfillment(of: contradicted.inverted, timeout: .seconds(1))
        let line = #line + 1
        let failures = await expectFailures { try await fulfillment(of: contradicted, timeout: .seconds(1)) }
        XCTAssertEqual(
            failures,
            [
                Failure(
                    message: """
                        failed - order(_:before:): expected query:"b" before results:"x", but results:"x" came first \
                        (event 2, t=+4ms)
                        """ + Self.lanes,
                    file: #filePath, line: line)
            ])
        withExtendedLifetime(members) {}
    }

    func testAnInvertedOrderTheRecordingKeepsFailsWithTheLanes() async {
        let (group, members) = await search()
        let failures = await expectFailures {
            try await fulfillment(
                of: group.events.order(.value("x", in: "results"), before: .value("b", in: "query")).inverted,
                timeout: .seconds(1))
        }
        XCTAssertEqual(
            failures.map(\.message),
            [
                """
                Fulfilled inverted expectation: order(_:before:).inverted: expected results:"x" not before query:"b", but results:"x" came \
                first (event 2, t=+4ms)
                """ + Self.lanes
            ])
        withExtendedLifetime(members) {}
    }
}
