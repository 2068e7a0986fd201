import App
import StreamTrace
import StreamTraceTesting
import Testing

/// An AsyncStream model on a TestClock, as the README's virtual-time
/// section writes it: no sleeps, no yields, the same trace on every run.
@Suite struct SearchModelTests {
    @Test func onlyTheLastQueryTypedWithinTheDebounceIsSearched() async throws {
        let clock = TestClock()
        let model = SearchModel(clock: clock)
        let recorder = model.results.record(name: "search", clock: clock)
        model.type("s")
        model.type("sw")
        model.type("swift")
        await clock.advance(by: .milliseconds(300))  // the last task slept, woke and published
        #expect(try await wait(for: recorder.next(), timeout: .seconds(60)) == "swift")
        model.type("swiftui")
        await clock.advance(by: .milliseconds(300))
        model.close()
        try await wait(for: recorder.finished, timeout: .seconds(60))

        expectEvents(
            recorder,
            [.value("swift", at: .milliseconds(300)), .value("swiftui", at: .milliseconds(600)), .finished])
        expectGoldenTrace(of: recorder, named: "search")  // Tests/AppTests/__Traces__/search.jsonl
    }

    @Test func nothingIsSearchedBeforeTheDebounceEnds() async throws {
        let clock = TestClock()
        let model = SearchModel(clock: clock)
        let recorder = model.results.record(clock: clock)
        model.type("swift")
        await clock.advance(by: .milliseconds(299))
        #expect(try recorder.availableElements.get() == [])
        await clock.advance(by: .milliseconds(1))
        #expect(try await wait(for: recorder.next(), timeout: .seconds(60)) == "swift")
    }
}
