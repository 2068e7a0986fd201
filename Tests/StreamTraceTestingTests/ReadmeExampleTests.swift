import Foundation
import StreamTrace
import StreamTraceTesting
import Testing

/// The code under test: a search field that publishes what the user types.
final class SearchField: Sendable {
    let queries: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation

    init() { (queries, continuation) = AsyncStream.makeStream() }
    func type(_ text: String) { continuation.yield(text) }
    func close() { continuation.finish() }
}

/// And a store that saves drafts in the background.
final class DraftStore: @unchecked Sendable {
    private let lock = NSLock()
    private var saved: String?

    var lastSaved: String? { lock.withLock { saved } }
    func save(_ text: String) { DispatchQueue.global().async { self.lock.withLock { self.saved = text } } }
}

@Suite struct SearchFieldTests {
    @Test func publishesEachQueryThenFinishes() async throws {
        let clock = TestClock()
        let field = SearchField()
        let recorder = field.queries.record(name: "queries", clock: clock)
        for text in ["s", "sw", "swi"] {
            field.type(text)
            // Woken by the element itself (60 s is only a bound), then 300 ms of virtual time pass at once.
            #expect(try await wait(for: recorder.next(), timeout: .seconds(60)) == text)
            await clock.advance(by: .milliseconds(300))
        }
        field.close()
        try await wait(for: recorder.finished, timeout: .seconds(60))

        // The whole shape in one assertion, times included.
        expectEvents(
            recorder,
            [
                .value("s", at: .zero), .value("sw", at: .milliseconds(300)), .value("swi", at: .milliseconds(600)),
                .finished(at: .milliseconds(900)),
            ])
        // The trace committed in __Traces__/search-field.jsonl (STREAMTRACE_RECORD=1 rewrites it).
        expectGoldenTrace(of: recorder, named: "search-field")
    }

    @Test func savesTheDraftEventually() {
        let store = DraftStore()
        store.save("swift")
        // Passes as soon as the value is there; the timeout (1 s if left out) only
        // bounds a failure, so give a busy CI machine room.
        expectEventually(actual: { store.lastSaved }, expected: "swift", timeout: .seconds(60))
    }
}
