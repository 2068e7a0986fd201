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

    /// AsyncSequence+RecordOnFrames.swift's untyped example.
    @Test func anUntypedPacedRecorderPullsAtItsMarks() async throws {
        let clock = TestClock()
        let input = TestStream<String>("ab|", clock: clock)
        let recorder: Recorder<String, any Error> = input.record(clock: clock, demand: "---d-d-d")
        await clock.advance(by: .milliseconds(8))
        #expect(Self.words(recorder) == ["subscribe@0", "a@3", "b@5", "finished@7"])
    }

    @Test func demandAccumulatesWhileTheConsumerWaitsForAnElement() async {
        let clock = TestClock()
        let recorder = TestStream<String>("---a-b-c|", clock: clock).record(clock: clock, demand: "(dd)")
        await clock.advance(by: .milliseconds(10))
        #expect(Self.words(recorder) == ["subscribe@0", "a@3", "b@5"])
    }

    @Test func withoutDemandLeftTheEndIsNotPulled() async {
        let clock = TestClock()
        let recorder = TestStream<String>("a|", clock: clock).record(clock: clock, demand: "-d")
        await clock.advance(by: .milliseconds(5))
        #expect(Self.words(recorder) == ["subscribe@0", "a@1"])
    }

    @Test func aSlowConsumerOfABufferingNewestStreamGetsTheNewest() async throws {
        let clock = TestClock()
        let input = TestStream<String>("abc|", clock: clock)
        let recorder = Self.buffered(input, .bufferingNewest(1)).record(clock: clock, demand: "---d-d")
        await clock.advance(by: .milliseconds(6))
        try recorder.marbles("---c-|").get()
    }

    @Test func aSlowConsumerOfABufferingOldestStreamGetsTheOldest() async throws {
        let clock = TestClock()
        let input = TestStream<String>("abc|", clock: clock)
        let recorder = Self.buffered(input, .bufferingOldest(1)).record(clock: clock, demand: "---d-d")
        await clock.advance(by: .milliseconds(6))
        try recorder.marbles("---a-|").get()
    }

    @Test func marksBeforeALateSubscriptionCountAtIt() async {
        let clock = TestClock()
        let input = TestStream<String>("ab-c|", clock: clock)
        let recorder = input.record(clock: clock, subscription: "---^", demand: "dd")
        await clock.advance(by: .milliseconds(10))
        #expect(Self.words(recorder) == ["subscribe@3", "a@3", "b@4"])
    }

    @Test func marksAfterTheCancelAreNotPulled() async {
        let clock = TestClock()
        let input = TestStream<String>("abc|", clock: clock)
        let recorder: Recorder<String, any Error> = input.record(
            clock: clock, subscription: "^--!", demand: "d-d-d-d")
        await clock.advance(by: .milliseconds(10))
        #expect(Self.words(recorder) == ["subscribe@0", "a@0", "b@2", "cancel@3"])
    }

    @Test func aFailureIsPulledAsAnElementIs() async {
        let clock = TestClock()
        let recorder = TestStream<String>("a#", clock: clock).record(clock: clock, demand: "d---d")
        await clock.advance(by: .milliseconds(5))
        #expect(
            Self.words(recorder).map { $0.hasPrefix("failure") ? "failure" : $0 } == ["subscribe@0", "a@0", "failure"])
        #expect(recorder.events.last?.nanoseconds == 4_000_000)
    }
}
