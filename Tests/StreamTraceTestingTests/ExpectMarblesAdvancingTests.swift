import StreamTrace
import StreamTraceTesting
import Testing

/// `await expectMarbles(_:_:advancing:)`: the helper runs the clock past
/// the diagram itself, bounded, before it compares.
@Suite struct ExpectMarblesAdvancingTests {
    /// ExpectMarbles.swift's `advancing:` example.
    @Test func theHelperRunsTheClockToTheDiagramsEndAndTenFramesMore() async {
        let clock = TestClock()
        let recorder = TestStream<String>("-a-b-c|", clock: clock).record(clock: clock)
        await expectMarbles(recorder, "-a-b-c|", advancing: clock)
        #expect(clock.now.offset == .milliseconds(17))
    }

    @Test func framesCountFromTheRecordersCreation() async {
        let clock = TestClock()
        await clock.advance(by: .milliseconds(100))
        let recorder = TestStream<String>("--a|", clock: clock).record(clock: clock)
        await expectMarbles(recorder, "--a|", advancing: clock)
        #expect(clock.now.offset == .milliseconds(114))
    }

    @Test func aRecorderThatCancelsAtItsBangLeavesNothingToRun() async {
        let clock = TestClock()
        let ticks = AsyncStream<String> {
            try? await clock.sleep(for: .milliseconds(2))
            return "t"
        }
        let recorder = ticks.record(clock: clock, subscription: "^----!")
        await expectMarbles(recorder, "--t-t!", advancing: clock)
    }

    @Test func aTimerThatNeverEndsIsStoppedAtTheBoundAndTheFailureSaysSo() async {
        let clock = TestClock()
        let ticks = AsyncStream<String> {
            try? await clock.sleep(for: .milliseconds(2))
            return "t"
        }
        let recorder = ticks.record(clock: clock)
        let line = #line + 1
        let issues = await recordedIssues { await expectMarbles(recorder, "--t-t", advancing: clock) }
        #expect(issues.map(\.line) == [line])
        #expect(
            issues.map(\.message) == [
                """
                expectMarbles: frame 6: expected no event after the diagram's last frame (4), got t ("t") (event 4, t=+6ms)
                expected: --t-t
                actual:   --t-t-t
                                ^
                t = "t"
                4 later elements not drawn: the difference comes before
                advancing: the clock ran to 15ms, 10 frames past the diagram's end, and stopped with tasks still \
                waiting on it: TestClock at 15ms; 1 sleeper until 16ms: advance(by: .milliseconds(1)) reaches it
                """
            ])
        #expect(clock.now.offset == .milliseconds(15))
    }

    @Test func aDifferenceWithNothingLeftOnTheClockHasNoNote() async {
        let clock = TestClock()
        let recorder = TestStream<String>("-a-b|", clock: clock).record(clock: clock)
        let issues = await recordedIssues { await expectMarbles(recorder, "-a-c|", advancing: clock) }
        #expect(
            issues.map(\.message) == [
                """
                expectMarbles: frame 3: expected c ("c"), got b ("b") (event 3, t=+3ms)
                expected: -a-c|
                actual:   -a-b|
                             ^
                a = "a"
                c = "c"
                b = "b"
                """
            ])
    }

    /// docs/marbles.md, "Acting at frames": subscription marbles.
    @Test func theDocumentedSubscriptionCancelsBeforeItsFramesElement() async {
        let clock = TestClock()
        let input = TestStream<String>("-a-b-c-d|", clock: clock)
        let recorder = input.record(clock: clock, subscription: "--^----!")
        await expectMarbles(recorder, "---a-b-!", advancing: clock)  // c, due at the cancel's frame 7, is not recorded
        #expect(recorder.events.map(\.nanoseconds) == [2, 3, 5, 7].map { $0 * 1_000_000 })
    }

    /// docs/marbles.md, "Acting at frames": paced demand behind a buffer.
    @Test func theDocumentedPacedConsumerShowsTheBuffersPolicy() async {
        let clock = TestClock()
        let (buffered, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let input = TestStream<String>("abc|", clock: clock)
        Task {
            for try await element in input { continuation.yield(element) }
            continuation.finish()
        }
        let recorder = buffered.record(clock: clock, demand: "---d-d")
        await expectMarbles(recorder, "---c-|", advancing: clock)  // a and b were dropped before the first pull
    }

    /// docs/marbles.md, "Running the clock from the expectation".
    @Test func theDocumentedExpectationRunsTheClock() async {
        let clock = TestClock()
        let recorder = TestStream<String>("-a-b-c|", clock: clock).record(clock: clock)
        await expectMarbles(recorder, "-a-b-c|", advancing: clock)
        #expect(clock.sleeperCount == 0)
    }
}
