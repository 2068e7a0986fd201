import StreamTrace
import Testing

/// The doc-comment examples of `StreamGroup` and `GroupEvent`, run.
@Suite struct DocumentationGroupTests {
    @Test func streamGroupExample() throws {
        let clock = TestClock()
        let group = StreamGroup(name: "search", clock: clock)
        let query = group.recorder(named: "query", of: String.self)
        let results = group.recorder(named: "results", of: [String].self)
        query.receive("sw")
        results.receive(["Swift"])
        let first = try group.events.next().get()  // .value("sw", in: "query")
        #expect(first == .value("sw", in: "query"))
        #expect(try group.events.next().get() == .value(["Swift"], in: "results"))
    }

    @Test func groupEventExample() throws {
        let group = StreamGroup(name: "search", clock: TestClock())
        group.recorder(named: "query", of: String.self).receive("sw")
        let event = try group.events.next().get()
        // event == .value("sw", in: "query")
        #expect(event == .value("sw", in: "query"))
    }
}
