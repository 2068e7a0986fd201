import StreamTrace
import Testing

/// `record(clock:subscription:)`: a recorder that subscribes at `^` and
/// cancels at `!`, the cancel taking effect before its frame's events.
@Suite struct SubscriptionMarblesTests {
    @Test func theRecorderSubscribesAtTheCaretAndCancelsAtTheBangBeforeThatFramesElement() async throws {
        let clock = TestClock()
        let recorder = TestStream<String>("-a-b-c-d|", clock: clock).record(clock: clock, subscription: "^----!")
        await clock.advance(by: .milliseconds(9))
        try recorder.marbles("-a-b-!").get()
    }

    @Test func aColdStreamStartsAtALateSubscription() async throws {
        let clock = TestClock()
        let recorder: Recorder<String, any Error> = TestStream<String>("-a-b-c|", clock: clock)
            .record(clock: clock, subscription: "--^---!")
        await clock.advance(by: .milliseconds(9))
        try recorder.marbles("---a-b!").get()
        #expect(recorder.events.first?.nanoseconds == 2_000_000)
    }

    @Test func aPacedConsumerPullsOnlyAtItsMarks() async throws {
        let clock = TestClock()
        let recorder = TestStream<String>("ab|", clock: clock).record(clock: clock, demand: "---d-d-d")
        await clock.advance(by: .milliseconds(8))
        try recorder.marbles("---a-b-|").get()
    }
}
