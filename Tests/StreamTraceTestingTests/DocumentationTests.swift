import Foundation
import StreamTrace
import StreamTraceTestSupport
import StreamTraceTesting
import Testing

/// A list whose rows arrive while it is looked at: each read of `rowCount`
/// finds one more row, up to two (an eventual value, deterministically).
final class RowList {
    private var reads = 0
    var rowCount: Int {
        defer { reads += 1 }
        return min(reads, 2)
    }
}

/// A screen that loads on a test clock: `loaded` 300 ms after it is created.
actor LoadingScreen {
    enum State: Sendable, Equatable { case loading, loaded }
    private(set) var state = State.loading

    init(clock: TestClock) {
        let deadline = clock.now.advanced(by: .milliseconds(300))
        Task {
            try await clock.sleep(until: deadline)
            await self.finishLoading()
        }
    }

    private func finishLoading() { state = .loaded }
}

/// A forgot-password screen's button, in virtual time: disabled, then
/// enabled once an email address is typed a second later.
func forgotPasswordButton() async -> Recorder<Bool, Never> {
    let clock = TestClock()
    let recorder = Recorder<Bool, Never>(name: "forgot-password", clock: clock)
    recorder.receiveSubscription()
    recorder.receive(false)
    await clock.advance(by: .seconds(1))
    recorder.receive(true)
    recorder.receive(completion: .finished)
    return recorder
}

/// The examples of StreamTraceTesting's doc comments, as written, with
/// what their comments promise.
@Suite struct DocumentationTests {
    /// A recorder of 1 at 0 s, 2 at 1 s, then finished.
    func oneThenTwo() async -> Recorder<Int, Never> {
        let clock = TestClock()
        let recorder = Recorder<Int, Never>(clock: clock)
        recorder.receiveSubscription()
        recorder.receive(1)
        await clock.advance(by: .seconds(1))
        recorder.receive(2)
        recorder.receive(completion: .finished)
        return recorder
    }

    /// ExpectEvents.swift.
    @Test func expectEventsChecksTheWholeShapeInOneLine() async {
        let recorder = await oneThenTwo()
        expectEvents(recorder, [.value(1), .value(2, at: .seconds(1)), .finished])
        let issues = synchronousIssues { expectEvents(recorder, [.value(1), .value(2, at: .zero), .finished]) }
        #expect(issues.count == 1)
    }

    /// ExpectEventually.swift, synchronous.
    @Test func expectEventuallyPassesOnceTheValueIsThere() {
        let model = RowList()
        expectEventually(actual: { model.rowCount }, expected: 2, timeout: .seconds(60))  // 60 s only bounds a failure
        #expect(model.rowCount == 2)
    }

    /// ExpectEventually.swift, asynchronous in virtual time.
    @Test func expectEventuallyWaitsInVirtualTime() async {
        let clock = TestClock()
        let model = LoadingScreen(clock: clock)
        await settle { clock.sleeperCount == 1 }
        await expectEventually(actual: { await model.state }, expected: .loaded, clock: clock)
        #expect(await model.state == .loaded)
        #expect(clock.now.offset >= .milliseconds(300) && clock.now.offset < .seconds(1))
    }

    /// ExpectGoldenTrace.swift: __Traces__/forgot-password.jsonl.
    @Test func expectGoldenTraceComparesWithTheTraceNextToTheTest() async {
        let recorder = await forgotPasswordButton()
        expectGoldenTrace(of: recorder, named: "forgot-password")
    }

    /// Wait.swift.
    @Test func waitReturnsTheValueAndAnInvertedWaitPassesWhenNothingHappens() async throws {
        let recorder = Recorder<Int, Never>()
        recorder.receive(1)
        recorder.receive(2)
        let firstTwo = try await wait(for: recorder.next(2), timeout: .seconds(60))
        try await wait(for: recorder.finished.inverted, timeout: .milliseconds(100))  // still open
        #expect(firstTwo == [1, 2])
    }

    /// EventualEquality.swift (StreamTraceTestSupport).
    @Test func pollingStopsAtTheFirstMatch() {
        var reads = 0
        let outcome = EventualEquality.poll(expected: 3, timeout: .seconds(60), interval: .milliseconds(10)) {
            reads += 1
            return reads
        }
        let matched = outcome.matched  // true
        let tries = outcome.tries  // 3
        #expect(matched)
        #expect(tries == 3)
    }
}
