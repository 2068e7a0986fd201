import StreamTrace
import StreamTraceTesting
import Testing

/// `expectMarbles` of a group: one lane per stream, on the group's clock, events that share a frame across lanes in
/// the order the lanes are listed, in Swift Testing.
@Suite struct ExpectGroupMarblesTests {
    static let values: [Character: JSONValue] = ["a": "s", "b": "sw", "x": ["Swift", "Scala"], "y": ["Swift"]]

    /// A search recorded on a test clock: the query `s` at 1ms, its results at 2ms; at 4ms the query `sw` and its
    /// results `last` (the results first if `resultsFirst`); both finish at 5ms, the query first.
    static func search(last: JSONValue = ["Swift"], resultsFirst: Bool = false) async -> StreamGroup {
        let clock = TestClock()
        let group = StreamGroup(name: "search", clock: clock)
        let query = group.recorder(named: "query", of: String.self)
        let results = group.recorder(named: "results", of: JSONValue.self)
        await clock.advance(by: .milliseconds(1))
        query.receive("s")
        await clock.advance(by: .milliseconds(1))
        results.receive(["Swift", "Scala"])
        await clock.advance(by: .milliseconds(2))
        if resultsFirst { results.receive(last) }
        query.receive("sw")
        if !resultsFirst { results.receive(last) }
        await clock.advance(by: .milliseconds(1))
        query.receive(completion: .finished)
        results.receive(completion: .finished)
        return group
    }

    /// ExpectMarbles.swift's example.
    @Test func lanesDrawnAsTheStreamsWereRecordedPass() async {
        let group = await Self.search()
        let values: [Character: JSONValue] = ["a": "s", "b": "sw", "x": ["Swift", "Scala"], "y": ["Swift"]]
        expectMarbles(group, ["query": "-a--b|", "results": "--x-y|"], values: values)
    }

    @Test func aValueThatDiffersIsOneIssueDrawingEveryLaneExpectedOverActual() async {
        let group = await Self.search(last: ["Swift", "Swiftly"])
        let line = #line + 2
        let issues = synchronousIssues {
            expectMarbles(group, ["query": "-a--b|", "results": "--x-y|"], values: Self.values)
        }
        #expect(issues.map(\.line) == [line])
        #expect(
            issues.map(\.message) == [
                """
                expectMarbles: results: frame 4: expected y (["Swift"]), got c (["Swift","Swiftly"]) (event 4, t=+4ms)
                query   expected: -a--b|
                        actual:   -a--b|
                results expected: --x-y|
                        actual:   --x-c|
                                      ^
                a = "s"
                b = "sw"
                x = ["Swift","Scala"]
                y = ["Swift"]
                c = ["Swift","Swiftly"]
                """
            ])
    }

    /// A checkout on a test clock: the status `idle` at 0ms; at 2ms the cart's total 3 and the status `paying`, the
    /// status first; at 3ms the status `paid`, then the cart finishes; the status finishes at 4ms.
    static func checkout() async -> StreamGroup {
        let clock = TestClock()
        let group = StreamGroup(name: "checkout", clock: clock)
        let cart = group.recorder(named: "cart", of: Int.self)
        let status = group.recorder(named: "status", of: String.self)
        status.receive("idle")
        await clock.advance(by: .milliseconds(2))
        status.receive("paying")
        cart.receive(3)
        await clock.advance(by: .milliseconds(1))
        status.receive("paid")
        cart.receive(completion: .finished)
        await clock.advance(by: .milliseconds(1))
        status.receive(completion: .finished)
        return group
    }

    @Test func eventsOfOneFrameRecordedInAnotherOrderThanTheLanesFailNamingBoth() async {
        let group = await Self.checkout()
        let values: [Character: JSONValue] = ["n": 3, "i": "idle", "p": "paying", "d": "paid"]
        // Each stream alone is drawn as recorded.
        expectMarbles(group, ["cart": "--n|"], values: values)
        expectMarbles(group, ["status": "i-pd|"], values: values)
        let messages = synchronousIssues { expectMarbles(group, ["cart": "--n|", "status": "i-pd|"], values: values) }
            .map(\.message)
        #expect(
            messages == [
                """
                expectMarbles: frame 2: expected cart:n before status:p, recorded status:p first (event 3, t=+2ms)
                cart   expected: --n|
                       actual:   --n|
                status expected: i-pd|
                       actual:   i-pd|
                                   ^
                n = 3
                i = "idle"
                p = "paying"
                d = "paid"
                """
            ])
        // Listed in the order they were recorded, the lanes pass.
        expectMarbles(group, ["status": "i-pd|", "cart": "--n|"], values: values)
    }
}
