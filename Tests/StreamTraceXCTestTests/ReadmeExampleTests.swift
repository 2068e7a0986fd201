import Foundation
import StreamTrace
import StreamTraceXCTest
import XCTest

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

final class SearchFieldTests: XCTestCase {
    func testPublishesEachQueryThenFinishes() throws {
        let field = SearchField()
        let recorder = field.queries.record(name: "queries")
        field.type("s")
        field.type("sw")
        XCTAssertEqual(try wait(for: recorder.next(2), timeout: .seconds(60)), ["s", "sw"])
        try wait(for: recorder.finished.inverted, timeout: .milliseconds(50))  // still open
        field.close()
        try wait(for: recorder.finished, timeout: .seconds(60))
        assertEvents(recorder, [.value("s"), .value("sw"), .finished])
    }

    func testTheTraceMatchesTheGoldenOne() async throws {
        let clock = TestClock()
        let field = SearchField()
        let recorder = field.queries.record(name: "queries", clock: clock)
        for text in ["s", "sw", "swi"] {
            field.type(text)
            let query = try await fulfillment(of: recorder.next(), timeout: .seconds(60))
            XCTAssertEqual(query, text)
            await clock.advance(by: .milliseconds(300))
        }
        field.close()
        try await fulfillment(of: recorder.finished, timeout: .seconds(60))
        // The trace committed in __Traces__/search-field.jsonl (STREAMTRACE_RECORD=1 rewrites it).
        assertGoldenTrace(of: recorder, named: "search-field")
    }

    func testSavesTheDraftEventually() {
        let store = DraftStore()
        store.save("swift")
        // Passes as soon as the value is there; the timeout (1 s if left out) only
        // bounds a failure, so give a busy CI machine room.
        expectEventually(actual: { store.lastSaved }, expected: "swift", timeout: .seconds(60))
    }
}
