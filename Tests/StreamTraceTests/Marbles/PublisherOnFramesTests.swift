#if canImport(Combine)
import Combine
#elseif OpenCombine
import OpenCombine
#endif

#if canImport(Combine) || OpenCombine
import StreamTrace
import Testing

/// `publisher.record(clock:subscription:)` and `record(clock:demand:)`: a
/// recorder that subscribes at `^`, cancels at `!` before that frame's
/// events, and requests `.max(1)` at each demand mark.
@Suite struct PublisherOnFramesTests {
    static func words<Failure>(_ recorder: Recorder<String, Failure>) -> [String] {
        TestStreamPublisherTests.milliseconds(recorder.events)
    }

    /// Publisher+RecordOnFrames.swift's first example.
    @Test func theRecorderSubscribesAtTheCaretAndCancelsAtTheBang() throws {
        let scheduler = TestScheduler()
        let input = TestStream<String>("-a-b-c|", scheduler: scheduler)
        let recorder = input.publisher.record(clock: scheduler.clock, subscription: "--^---!")
        scheduler.advance(by: .milliseconds(7))
        try recorder.marbles("---a-b!").get()  // cold from its subscription at frame 2: a at 3, b at 5
        #expect(Self.words(recorder) == ["subscribe@2.0", "request unlimited@2.0", "a@3.0", "b@5.0", "cancel@6.0"])
    }

    /// Publisher+RecordOnFrames.swift's second example.
    @Test func aPacedRecorderRequestsOneAtEachMarkAndTheEndNeedsNone() throws {
        let scheduler = TestScheduler()
        let input = TestStream<String>("ab|", scheduler: scheduler)
        let recorder = input.publisher.record(clock: scheduler.clock, demand: "---d-d")
        scheduler.advance(by: .milliseconds(6))
        try recorder.marbles("---a-(b|)").get()  // the end needs no demand
        #expect(
            Self.words(recorder) == [
                "subscribe@0.0", "request 1@3.0", "a@3.0", "request 1@5.0", "b@5.0", "|@5.0",
            ])
    }

    @Test func marksBeforeTheSubscriptionAreRequestedAtIt() {
        let scheduler = TestScheduler()
        let input = TestStream<String>("abc|", scheduler: scheduler)
        let recorder = input.publisher.record(clock: scheduler.clock, subscription: "--^", demand: "d-(dd)")
        scheduler.advance(by: .milliseconds(9))
        #expect(
            Self.words(recorder) == [
                "subscribe@2.0", "request 1@2.0", "a@2.0", "request 1@2.0", "request 1@2.0", "b@3.0",
                "c@4.0", "|@5.0",
            ])
    }

    /// A recorder that has ended does nothing more at its frames: no request
    /// after the stream finished, no subscription after a cancel (and no
    /// diagnostic blaming the stream for either).
    @Test func anEndedRecorderDoesNothingMoreAtItsFrames() {
        let scheduler = TestScheduler()
        let finished = ["a"].publisher.record(clock: scheduler.clock, demand: "d-d-d")
        let cancelled = TestStream<String>("a|", scheduler: scheduler).publisher
            .record(clock: scheduler.clock, subscription: "--^")
        cancelled.cancel()
        scheduler.advance(by: .milliseconds(6))
        #expect(Self.words(finished) == ["subscribe@0.0", "request 1@0.0", "a@0.0", "|@0.0"])
        #expect(Self.words(cancelled) == ["cancel@0.0"])
        #expect(finished.diagnostics.isEmpty && cancelled.diagnostics.isEmpty)
    }

    /// The tie in Combine: the stream's delivery at the cancel's frame was
    /// scheduled on the clock before the cancel (at the subscription), and
    /// the clock still runs the cancel first, in order and in every seed.
    @Test(arguments: [TestClock.Schedule.inOrder] + (0..<100).map { TestClock.Schedule.random(seed: $0) })
    func theCancelAtAFrameComesBeforeThatFramesElement(schedule: TestClock.Schedule) {
        let scheduler = TestScheduler(schedule: schedule)
        let input = TestStream<String>("a-b-c|", scheduler: scheduler)
        let recorder = input.publisher.record(clock: scheduler.clock, subscription: "^-!")
        scheduler.advance(by: .milliseconds(6))
        #expect(
            Self.words(recorder) == ["subscribe@0.0", "request unlimited@0.0", "a@0.0", "cancel@2.0"], "\(schedule)")
    }
}
#endif
