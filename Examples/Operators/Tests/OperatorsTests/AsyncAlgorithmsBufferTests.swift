import AsyncAlgorithms
import StreamTrace
import StreamTraceTesting
import Testing

/// swift-async-algorithms' `buffer(policy:)`, ported from its marble tests (Tests/AsyncAlgorithmsTests/TestBuffer.swift
/// in 1.1.4) onto a paced consumer: `record(clock:demand:)` pulls the next element only at the marks of its demand
/// diagram, where upstream's consumer waits at the `,` of the expected diagram.
///
/// The port redraws each upstream diagram by three rules (docs/marbles.md, "Coming from swift-async-algorithms'
/// validation DSL"): upstream's first character is tick 1, StreamTrace's frame 0, so every frame here is its tick
/// minus one; `,` and `[x,]` become a demand mark on that frame; a group `( )` takes a frame per character, so an event
/// that upstream draws on the tick after a group is pulled here in the frame after the group's last character.
/// A pull and an input's event in one frame: the pull comes first, under every schedule.
@Suite(.exploringSchedules(100)) struct AsyncAlgorithmsBufferTests {
    /// `test_given_a_base_sequence_when_bufferingOldest_then_the_policy_is_applied`: input `"X-12-   34-    5   |"`,
    /// output `"X,,,[1,],,[2,],[3,][5,]|"`. The buffer keeps 1 and 2 and drops 4, which comes while it holds 2 and 3.
    @Test func bufferingOldestKeepsTheOldestAndDropsWhatComesWhenItIsFull() async {
        let clock = TestClock()
        let input = TestStream<String>("X-12-34-5|", clock: clock)
        let recorder = input.buffer(policy: .bufferingOldest(2)).record(clock: clock, demand: "d---d--dddd")
        await expectMarbles(recorder, "X---1--235|", advancing: clock)
    }

    /// `test_given_a_base_sequence_when_bufferingNewest_then_the_policy_is_applied`: input `"X-12-   34    -5|"`,
    /// output `"X,,,[1,],,[3,],[4,][5,]|"`. The buffer drops 2 when 4 comes while it holds 2 and 3.
    @Test func bufferingNewestKeepsTheNewestAndDropsTheOldestWhenItIsFull() async {
        let clock = TestClock()
        let input = TestStream<String>("X-12-34-5|", clock: clock)
        let recorder = input.buffer(policy: .bufferingLatest(2)).record(clock: clock, demand: "d---d--d-ddd")
        await expectMarbles(recorder, "X---1--3-45|", advancing: clock)
    }

    /// `test_given_a_base_sequence_when_bufferingOldest_at_slow_pace_then_no_element_is_dropped`: input
    /// `"X-12   3   4   5   |"`, output `"X,,[1,][2,][3,][45]|"`. Upstream's `|` is on the tick after `[45]`;
    /// `(45)` takes 4 frames, so the end is pulled at frame 10.
    @Test func bufferingOldestAtASlowPaceDropsNothing() async {
        let clock = TestClock()
        let input = TestStream<String>("X-12345|", clock: clock)
        let recorder = input.buffer(policy: .bufferingOldest(2)).record(clock: clock, demand: "d--ddd(dd)d")
        await expectMarbles(recorder, "X--123(45)|", advancing: clock)
    }

    /// `test_given_a_base_sequence_when_bufferingNewest_at_slow_pace_then_no_element_is_dropped`: input
    /// `"X-12   3   4   5   |"`, output `"X,,[1,][2,][3,][45]|"`, drawn as the oldest-first case is.
    @Test func bufferingNewestAtASlowPaceDropsNothing() async {
        let clock = TestClock()
        let input = TestStream<String>("X-12345|", clock: clock)
        let recorder = input.buffer(policy: .bufferingLatest(2)).record(clock: clock, demand: "d--ddd(dd)d")
        await expectMarbles(recorder, "X--123(45)|", advancing: clock)
    }

    /// `test_given_a_failable_base_sequence_when_bufferingOldest_then_the_failure_is_forwarded`: input `"X-12345^"`,
    /// output `"X,,,,,,[12^]"` (upstream's `^` is the failure, StreamTrace's `#`): the buffered 1 and 2, then the
    /// failure.
    @Test func bufferingOldestForwardsTheFailureAfterWhatItKept() async {
        let clock = TestClock()
        let input = TestStream<String>("X-12345#", clock: clock)
        let recorder = input.buffer(policy: .bufferingOldest(2)).record(clock: clock, demand: "d------(ddd)")
        await expectMarbles(recorder, "X------(12#)", advancing: clock)
    }

    /// `test_given_a_failable_base_sequence_when_bufferingNewest_then_the_failure_is_forwarded`: input `"X-12345^"`,
    /// output `"X,,,,,,[45^]"`: the buffered 4 and 5, then the failure.
    @Test func bufferingNewestForwardsTheFailureAfterWhatItKept() async {
        let clock = TestClock()
        let input = TestStream<String>("X-12345#", clock: clock)
        let recorder = input.buffer(policy: .bufferingLatest(2)).record(clock: clock, demand: "d------(ddd)")
        await expectMarbles(recorder, "X------(45#)", advancing: clock)
    }

    /// `test_given_a_base_sequence_when_bufferingOldest_with_0_limit_then_the_policy_is_transparent`,
    /// `test_given_a_base_sequence_when_bufferingNewest_with_limit_0_then_the_policy_is_transparent` and
    /// `test_given_a_base_sequence_when_bounded_with_limit_0_then_the_policy_is_transparent`: input and output
    /// `"X-12-   34-    5   |"` (`"X-12-   34    -5|"` for the last two, the same events), the consumer unpaced.
    @Test(arguments: [AsyncBufferSequencePolicy.bufferingOldest(0), .bufferingLatest(0), .bounded(0)])
    func aLimitOfZeroIsTransparent(policy: AsyncBufferSequencePolicy) async {
        let clock = TestClock()
        let recorder = TestStream<String>("X-12-34-5|", clock: clock).buffer(policy: policy).record(clock: clock)
        await expectMarbles(recorder, "X-12-34-5|", advancing: clock)
    }
}
