import StreamTrace
import Testing

/// The doc-comment example of `marbles(_:values:frame:)` over a group's recording, run.
@Suite struct DocumentationGroupMarblesTests {
    @Test func groupMarblesExample() async throws {
        let clock = TestClock()
        let group = StreamGroup(name: "search", clock: clock)
        let query = group.recorder(named: "query", of: String.self)
        let results = group.recorder(named: "results", of: [String].self)
        await clock.advance(by: .milliseconds(1))
        query.receive("sw")
        await clock.advance(by: .milliseconds(1))
        query.receive(completion: .finished)
        results.receive(["Swift"])
        try group.events.marbles(["query": "-a|", "results": "--x"], values: ["a": "sw", "x": ["Swift"]]).get()
        // Listed the other way round, the lanes fail at the frame the two events share.
        let error = #expect(throws: RecordingError.self) {
            try group.events.marbles(["results": "--x", "query": "-a|"], values: ["a": "sw", "x": ["Swift"]]).get()
        }
        #expect(error?.reason == .init(rawValue: "laneOrder"))
        #expect(error?.message == "frame 2: expected results:x before query:|, recorded query:| first")
    }
}
