import StreamTrace
import Testing

/// `record(clock:demand:)` on an AsyncSequence: a consumer that pulls the
/// next element only at the marks of a demand diagram.
@Suite struct PacedDemandTests {
    static func words<Failure>(_ recorder: Recorder<String, Failure>) -> [String] {
        SubscriptionMarblesTests.words(recorder)
    }

    /// `input` relayed into an `AsyncStream` with `policy` by a task, as a
    /// buffering operator does.
    static func buffered(
        _ input: TestStream<String>, _ policy: AsyncStream<String>.Continuation.BufferingPolicy
    ) -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: policy)
        let task = Task {
            for try await element in input { continuation.yield(element) }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// AsyncSequence+RecordOnFrames.swift's example.
    @Test func eachPullTakesWhatIsDueByItsMark() async throws {
        let clock = TestClock()
        let recorder = TestStream<String>("ab|", clock: clock).record(clock: clock, demand: "---d-d-d")
        await clock.advance(by: .milliseconds(8))
        try recorder.marbles("---a-b-|").get()  // each pull takes what is due by then
        #expect(Self.words(recorder) == ["subscribe@0", "a@3", "b@5", "finished@7"])
    }

    /// AsyncSequence+RecordOnFrames.swift's untyped example, on a stream
    /// that fails: the failure is pulled as an element is.
    @Test func anUntypedPacedRecorderPullsAFailureAsAnElement() async {
        let clock = TestClock()
        let input = TestStream<String>("a#", clock: clock)
        let recorder: Recorder<String, any Error> = input.record(clock: clock, demand: "---d-d-d")
        await clock.advance(by: .milliseconds(8))
        let failure = recorder.events.last.map { "\($0.event.kind)@\($0.nanoseconds / 1_000_000)" }
        #expect(Self.words(recorder).prefix(2) == ["subscribe@0", "a@3"])
        #expect(failure == "failure@5")
    }

    @Test func demandAccumulatesWhileTheConsumerWaitsForAnElement() async {
        #expect(await SubscriptionMarblesTests.played("---a-b-c|", demand: "(dd)") == ["subscribe@0", "a@3", "b@5"])
    }

    @Test func withoutDemandLeftTheEndIsNotPulled() async {
        #expect(await SubscriptionMarblesTests.played("a|", demand: "-d") == ["subscribe@0", "a@1"])
    }

    /// A slow consumer of a buffering stream gets what its policy kept.
    @Test(arguments: [("newest", "---c-|"), ("oldest", "---a-|")])
    func aSlowConsumerGetsWhatTheBufferKept(policy: String, expected: String) async throws {
        let clock = TestClock()
        let input = TestStream<String>("abc|", clock: clock)
        let kept: AsyncStream<String>.Continuation.BufferingPolicy =
            policy == "newest" ? .bufferingNewest(1) : .bufferingOldest(1)
        let recorder = Self.buffered(input, kept).record(clock: clock, demand: "---d-d")
        await clock.advance(by: .milliseconds(6))
        try recorder.marbles(expected).get()
    }

    @Test func marksBeforeALateSubscriptionCountAtIt() async {
        #expect(
            await SubscriptionMarblesTests.played("ab-c|", subscription: "---^", demand: "dd") == [
                "subscribe@3", "a@3", "b@4",
            ])
    }

    @Test func marksAfterTheCancelAreNotPulled() async {
        #expect(
            await SubscriptionMarblesTests.played("abc|", subscription: "^--!", demand: "d-d-d-d") == [
                "subscribe@0", "a@0", "b@2", "cancel@3",
            ])
    }
}
