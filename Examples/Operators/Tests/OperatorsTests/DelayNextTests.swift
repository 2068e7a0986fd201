import AsyncAlgorithms
import StreamTrace
import StreamTraceTesting
import Testing

/// The delay-next cases of swift-async-algorithms' validation tests (Tests/AsyncAlgorithmsTests/TestValidationTests.swift
/// in 1.1.4), ported onto a paced consumer: where upstream's `,` holds the consumer's next pull back a tick, the
/// demand diagram of `record(clock:demand:)` says at which frames it pulls. A `TestStream` pulled late gives what is
/// due by then, at once, as upstream's inputs do.
///
/// Each frame here is upstream's tick minus one (its first character is tick 1, StreamTrace's frame 0); where upstream
/// draws an event on the tick after a group `[ ]`, it is pulled here in the frame after the group's last character,
/// since `( )` takes a frame per character.
@Suite(.exploringSchedules(100)) struct DelayNextTests {
    /// `test_delayNext`: input `"xxx---   |"`, output `"x,,,,[xx]|"`. Upstream's `|` is on the tick after `[xx]`;
    /// `(xx)` takes 4 frames, so the end is pulled at frame 9.
    @Test func elementsDueWhileTheConsumerWaitsComeWhenItPulls() async {
        let clock = TestClock()
        let recorder = TestStream<String>("xxx---|", clock: clock).record(clock: clock, demand: "d----(dd)d")
        await expectMarbles(recorder, "x----(xx)|", advancing: clock)
    }

    /// `test_delayNext_initialDelay`: input `"xxx    |"`, output `",,[xxx]|"`: the first pull is at frame 2, the end
    /// pulled in the frame after `(xxx)`.
    @Test func aFirstPullLaterThanTheSubscriptionTakesEverythingDueByThen() async {
        let clock = TestClock()
        let recorder = TestStream<String>("xxx|", clock: clock).record(clock: clock, demand: "--(ddd)d")
        await expectMarbles(recorder, "--(xxx)|", advancing: clock)
    }

    /// `test_delayNext_into_emptyTick`: input `"xx|"` through upstream's `LaggingAsyncSequence`, which sleeps 3 ticks
    /// after each element it gets, output `",,,---x--[x|]"`: pulls at frames 3, 6 and 9; each element comes 3 frames
    /// after its pull, the end at the last pull.
    @Test func aPullWhileAnElementIsStillOnItsWayIsTakenWhenItArrives() async {
        let clock = TestClock()
        let input = TestStream<String>("xx|", clock: clock)
        let recorder = Lagging(input, by: .milliseconds(3), clock: clock).record(clock: clock, demand: "---d--d--d")
        await expectMarbles(recorder, "------x--(x|)", advancing: clock)
    }

    /// `test_values_one_at_a_time_after_delay`: input `"xxx|"`, output `",,,[x,][x,][x,]|"`: a pull a frame from
    /// frame 3 on, each taking one element that was due earlier.
    @Test func pullsOneAFrameTakeTheElementsOneAFrame() async {
        let clock = TestClock()
        let recorder = TestStream<String>("xxx|", clock: clock).record(clock: clock, demand: "---dddd")
        await expectMarbles(recorder, "---xxx|", advancing: clock)
    }
}
