import Foundation
import StreamTrace
import Testing

/// `StreamGroup`: one sequence for the events of streams recorded together, taken with the clock's reading, written
/// as `"seq"` in each member's trace, and the group's own recording of every value and end in that order.
@Suite struct StreamGroupTests {
    @Test func eventsAtOneInstantAreNumberedInTheOrderTheyWereRecordedAcrossStreams() throws {
        let group = StreamGroup(name: "search", clock: TestClock())
        let query = group.recorder(named: "query", of: String.self)
        let results = group.recorder(named: "results", of: Int.self)
        query.receive("sw")
        results.receive(1)
        query.receive("swi")
        results.receive(completion: .finished)
        query.receive(completion: .finished)
        #expect(query.events.map(\.sequence) == [0, 2, 4])
        #expect(results.events.map(\.sequence) == [1, 3])
        #expect(
            try group.events.elements.get() == [
                .value("sw", in: "query"), .value(1, in: "results"), .value("swi", in: "query"),
                .finished("results"), .finished("query"),
            ])
        #expect(
            query.traceText == """
                {"streamtrace":1,"stream":"query","group":"search","clock":"virtual","at":0}
                {"t":0,"seq":0,"event":"value","value":"sw"}
                {"t":0,"seq":2,"event":"value","value":"swi"}
                {"t":0,"seq":4,"event":"finished"}

                """)
    }

    @Test func theGroupsRecordingFinishesWhenEveryMemberHasEnded() throws {
        let group = StreamGroup(name: "g", clock: TestClock())
        let a = group.recorder(named: "a", of: Int.self)
        let b = group.recorder(named: "b", of: Int.self, failure: TraceFailure.self)
        a.receive(completion: .finished)
        #expect(throws: RecordingError.self) { try group.events.finished.get() }
        b.receive(completion: .failure(TraceFailure(type: "E", message: "boom")))
        try group.events.finished.get()
        #expect(try group.events.elements.get().map(\.description) == ["a:finished", "b:failure(E)"])
    }

    @Test func subscriptionsAndRequestsStayInTheirStreamsButTakeANumber() throws {
        let group = StreamGroup(name: "g", clock: TestClock())
        let a = group.recorder(named: "a", of: Int.self)
        a.receiveSubscription()
        a.receive(request: .unlimited)
        a.receive(7)
        #expect(a.events.map(\.sequence) == [0, 1, 2])
        #expect(try group.events.next().get() == .value(7, in: "a"))
    }

    @Test func aFolderIsAGroupAndItsTracesCarryTheSequence() async throws {
        let folder = try temporaryDirectory() + "/checkout"
        let clock = TestClock()
        let traces = try TraceDirectory(path: folder, clock: clock)
        let cartSink = try traces.sink(named: "cart")
        let cart = Recorder<Int, Never>(name: "cart", clock: clock, sink: cartSink)
        let writer = TraceWriter<String, Never>(
            name: "status", clock: clock, sink: try traces.sink(named: "status"))
        cart.receive(3)
        writer.write(.value("paying"))
        await clock.advance(by: .milliseconds(5))
        cart.receive(completion: .finished)
        writer.write(.finished)
        cartSink.close()
        let cartText = try String(contentsOfFile: folder + "/cart.jsonl", encoding: .utf8)
        let statusText = try String(contentsOfFile: folder + "/status.jsonl", encoding: .utf8)
        #expect(
            cartText == """
                {"streamtrace":1,"stream":"cart","group":"checkout","clock":"virtual","at":0}
                {"t":0,"seq":0,"event":"value","value":3}
                {"t":5000000,"seq":2,"event":"finished"}

                """)
        #expect(
            statusText == """
                {"streamtrace":1,"stream":"status","group":"checkout","clock":"virtual","at":0}
                {"t":0,"seq":1,"event":"value","value":"paying"}
                {"t":5000000,"seq":3,"event":"finished"}

                """)
        let read = try TraceReader(path: folder + "/status.jsonl")
        #expect(read.header.group == "checkout")
        #expect(try read.next()?.sequence == 1)
    }

    @Test func aSequenceThatIsNotANonNegativeIntegerIsAnError() throws {
        let text = """
            {"streamtrace":1,"group":"g"}
            {"t":0,"seq":-1,"event":"finished"}

            """
        #expect(throws: TraceReadError.self) { try Trace(text: text) }
        do {
            _ = try Trace(text: text)
        } catch {
            #expect(error.description == "<memory>:2:14: \"seq\" must be a non-negative integer, found -1")
        }
    }

    @Test func membersFedFromTwoThreadsNeverShareANumberAndNumbersFollowTheClock() async throws {
        let group = StreamGroup(name: "g", clock: ContinuousClock())
        let a = group.recorder(named: "a", of: Int.self)
        let b = group.recorder(named: "b", of: Int.self)
        await withTaskGroup(of: Void.self) { tasks in
            tasks.addTask { for i in 0..<5_000 { a.receive(i) } }
            tasks.addTask { for i in 0..<5_000 { b.receive(i) } }
        }
        let numbered = [(a.events, a.header.at!), (b.events, b.header.at!)].flatMap { events, at in
            events.map { (sequence: $0.sequence!, time: at + $0.nanoseconds) }
        }.sorted { $0.sequence < $1.sequence }
        #expect(numbered.map(\.sequence) == Array(0..<10_000))
        #expect(zip(numbered, numbered.dropFirst()).allSatisfy { $0.time <= $1.time })
        let merged = try group.events.prefix(10_000).get()
        #expect(merged.count == 10_000)
    }

    /// Thousands of interleavings of three members fed from two threads: in every round, the group's recording is
    /// the members' events in number order, and the numbers run from 0 without a gap.
    @Test func theGroupsRecordingIsInNumberOrderUnderEveryInterleaving() async throws {
        for round in 0..<300 {
            let group = StreamGroup(name: "g", clock: ContinuousClock())
            let members = ["a", "b", "c"].map { group.recorder(named: $0, of: Int.self) }
            await withTaskGroup(of: Void.self) { tasks in
                tasks.addTask { for i in 0..<50 { members[i % 3].receive(i) } }
                tasks.addTask { for i in 50..<100 { members[i % 3].receive(i) } }
            }
            let numbered = zip(["a", "b", "c"], members).flatMap { name, member in
                member.events.map { recorded -> (sequence: Int64, event: GroupEvent) in
                    guard case .value(let value) = recorded.event else { return (-1, .finished(name)) }
                    return (recorded.sequence!, .value(JSONValue(integerLiteral: value), in: name))
                }
            }.sorted { $0.sequence < $1.sequence }
            #expect(numbered.map(\.sequence) == Array(0..<100), "round \(round)")
            #expect(try group.events.prefix(100).get() == numbered.map(\.event), "round \(round)")
        }
    }
}
