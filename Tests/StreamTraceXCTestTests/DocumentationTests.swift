import Foundation
import StreamTrace
import StreamTraceXCTest
import XCTest

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

/// The examples of StreamTraceXCTest's doc comments, as written, with what
/// their comments promise.
final class DocumentationTests: XCTestCase {
    /// A recorder of 1 at 0 s, 2 at 1 s, then finished.
    func oneThenTwo() -> Recorder<Int, Never> {
        let clock = ManualTestClock()
        let recorder = Recorder<Int, Never>(clock: clock)
        recorder.receiveSubscription()
        recorder.receive(1)
        clock.now = .init(offset: .seconds(1))
        recorder.receive(2)
        recorder.receive(completion: .finished)
        return recorder
    }

    /// AssertEvents.swift.
    func testAssertEventsChecksTheWholeShapeInOneLine() {
        let recorder = oneThenTwo()
        assertEvents(recorder, [.value(1), .value(2, at: .seconds(1)), .finished])
    }

    /// AssertGoldenTrace.swift: __Traces__/forgot-password.jsonl.
    func testAssertGoldenTraceComparesWithTheTraceNextToTheTest() async {
        let recorder = await forgotPasswordButton()
        assertGoldenTrace(of: recorder, named: "forgot-password")
    }

    /// ExpectEventually.swift, synchronous.
    func testExpectEventuallyPassesOnceTheValueIsThere() {
        let model = RowList()
        expectEventually(actual: { model.rowCount }, expected: 2, timeout: .seconds(60))  // 60 s only bounds a failure
        XCTAssertEqual(model.rowCount, 2)
    }

    /// ExpectEventually.swift, asynchronous in virtual time.
    func testExpectEventuallyWaitsInVirtualTime() async {
        let clock = TestClock()
        let model = LoadingScreen(clock: clock)
        let bound = ContinuousClock.now + .seconds(60)
        while clock.sleeperCount == 0, ContinuousClock.now < bound { await Task.yield() }  // the screen is loading
        await expectEventually(actual: { await model.state }, expected: .loaded, clock: clock)
        let state = await model.state
        XCTAssertEqual(state, .loaded)
        XCTAssert(clock.now.offset >= .milliseconds(300) && clock.now.offset < .seconds(1))
    }

    /// XCTestCase+Wait.swift.
    func testWaitReturnsTheValueAndAnInvertedWaitPassesWhenNothingHappens() throws {
        let recorder = Recorder<Int, Never>()
        recorder.receive(1)
        recorder.receive(2)
        let firstTwo = try wait(for: recorder.next(2), timeout: .seconds(60))
        try wait(for: recorder.finished.inverted, timeout: .milliseconds(100))  // still open
        XCTAssertEqual(firstTwo, [1, 2])
    }

    /// XCTestCase+Wait.swift: the timeout in seconds.
    func testAWaitInSecondsPassesWhileOpenAndReturnsTheElements() throws {
        let recorder = Recorder<Int, Never>()
        recorder.receive(1)
        recorder.receive(2)
        try wait(for: recorder.finished.inverted, timeout: 0.1)  // still open
        let firstTwo = try wait(for: recorder.next(2), timeout: 1)
        XCTAssertEqual(firstTwo, [1, 2])
    }
}
