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

    /// TestTimer.swift's `test_tick1`, `test_tick2` and `test_tick3`: `AsyncTimerSequence(interval: .steps(n), clock:)`
    /// for n = 1, 2, 3, outputs `"xxxxxxx[;|]"`, `"-x-x-x-[;|]"` and `"--x--x-[;|]"`, the cancel at tick 8. The timer
    /// counts from the clock's start: its tick at 2 is frame 2 here, a character later than upstream draws it. The
    /// ticks due at frame 8, the cancel's frame (every 1 and 2 ms), are not recorded.
    @Test(arguments: [(1, "-xxxxxxx!"), (2, "--x-x-x-!"), (3, "---x--x-!")])
    func aCancelInATimersTickFrameComesBeforeTheTick(milliseconds: Int, output: String) async {
        let clock = TestClock()
        let ticks = AsyncTimerSequence(interval: .milliseconds(milliseconds), clock: clock).map { _ in "x" }
        let recorder = ticks.record(clock: clock, subscription: "^-------!")
        await expectMarbles(recorder, output, advancing: clock)
    }
}
