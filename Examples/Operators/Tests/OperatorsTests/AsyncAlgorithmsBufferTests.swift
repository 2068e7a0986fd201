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

    /// The other paced cases of TestBuffer.swift: each upstream test's name, then the policy, the input, the demand
    /// and the output here; upstream's input and output diagrams are in the comment above each. Slow-paced: upstream
    /// draws `|` on the tick after `[45]`, and `(45)` takes 4 frames, so the end is pulled at frame 10.
    @Test(
        arguments: [
            // "X-12-   34    -5|" → "X,,,[1,],,[3,],[4,][5,]|": 2 is dropped when 4 comes while it holds 2 and 3.
            (
                "test_given_a_base_sequence_when_bufferingNewest_then_the_policy_is_applied",
                AsyncBufferSequencePolicy.bufferingLatest(2), "X-12-34-5|", "d---d--d-ddd", "X---1--3-45|"
            ),
            // "X-12   3   4   5   |" → "X,,[1,][2,][3,][45]|"
            (
                "test_given_a_base_sequence_when_bufferingOldest_at_slow_pace_then_no_element_is_dropped",
                .bufferingOldest(2), "X-12345|", "d--ddd(dd)d", "X--123(45)|"
            ),
            // "X-12   3   4   5   |" → "X,,[1,][2,][3,][45]|"
            (
                "test_given_a_base_sequence_when_bufferingNewest_at_slow_pace_then_no_element_is_dropped",
                .bufferingLatest(2), "X-12345|", "d--ddd(dd)d", "X--123(45)|"
            ),
            // "X-12345^" → "X,,,,,,[12^]" (upstream's `^` is the failure, `#` here): what it kept, then the failure.
            (
                "test_given_a_failable_base_sequence_when_bufferingOldest_then_the_failure_is_forwarded",
                .bufferingOldest(2), "X-12345#", "d------(ddd)", "X------(12#)"
            ),
            // "X-12345^" → "X,,,,,,[45^]"
            (
                "test_given_a_failable_base_sequence_when_bufferingNewest_then_the_failure_is_forwarded",
                .bufferingLatest(2), "X-12345#", "d------(ddd)", "X------(45#)"
            ),
        ] as [(String, AsyncBufferSequencePolicy, String, String, String)])
    func eachPolicyKeepsWhatUpstreamsTestSaysAtItsPace(
        upstream: String, policy: AsyncBufferSequencePolicy, input: String, demand: String, output: String
    ) async {
        let clock = TestClock()
        let buffered = TestStream<String>(input, clock: clock).buffer(policy: policy)
        await expectMarbles(buffered.record(clock: clock, demand: demand), output, advancing: clock)
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
