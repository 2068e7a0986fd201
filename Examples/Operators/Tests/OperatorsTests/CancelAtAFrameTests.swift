import AsyncAlgorithms
import StreamTrace
import StreamTraceTesting
import Testing

/// A consumer that cancels at a frame, with RxJS's subscription marbles (`record(clock:subscription:)`: `^`
/// subscribes, `!` cancels), where swift-async-algorithms' tests put `;` in the expected diagram. A `!` at frame N
/// takes effect before frame N's events, under every schedule, as upstream's `;` does.
@Suite(.exploringSchedules(100)) struct CancelAtAFrameTests {
    /// `test_cancel_event` (TestValidationTests.swift): input `"a--b- -  c--|"`, output `"a--b-[;|]"`. Upstream's
    /// `[;|]` is the cancel and the iteration's `nil` on one tick; StreamTrace draws the cancel as `!`, and `c`, a
    /// frame later, is not recorded.
    @Test func aCancelStopsTheIterationBeforeTheNextElement() async {
        let clock = TestClock()
        let input = TestStream<String>("a--b--c--|", clock: clock)
        let recorder = input.record(clock: clock, subscription: "^----!")
        await expectMarbles(recorder, "a--b-!", advancing: clock)
    }

    /// `test_tick2` (TestTimer.swift): `AsyncTimerSequence(interval: .steps(2), clock:)`, output `"-x-x-x-[;|]"`. The
    /// timer counts from the clock's start: upstream's tick 2 is 2 ms here, frame 2, so the drawing is a frame
    /// longer. The tick due at frame 8, the cancel's frame, is not recorded.
    @Test func aCancelInATimersTickFrameComesBeforeTheTick() async {
        let clock = TestClock()
        let ticks = AsyncTimerSequence(interval: .milliseconds(2), clock: clock).map { _ in "x" }
        let recorder = ticks.record(clock: clock, subscription: "^-------!")
        await expectMarbles(recorder, "--x-x-x-!", advancing: clock)
    }
}
