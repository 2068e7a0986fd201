import StreamTrace
import Testing

/// `record(clock:subscription:)` on an AsyncSequence: a recorder that
/// subscribes at `^` and cancels at `!`, the cancel taking effect before
/// its frame's events, in every schedule.
@Suite struct SubscriptionMarblesTests {
    /// The recording as `kind@ms` words: `subscribe@2`, `a@3`, `cancel@6`.
    static func words<Failure>(_ recorder: Recorder<String, Failure>) -> [String] {
        recorder.events.map { event in
            let time = "@\(event.nanoseconds / 1_000_000)"
            if case .value(let value) = event.event { return value + time }
            return "\(event.event.kind)\(time)"
        }
    }

    /// AsyncSequence+RecordOnFrames.swift's example.
    @Test func theRecorderSubscribesAtTheCaretAndCancelsAtTheBangBeforeThatFramesElement() async throws {
        let clock = TestClock()
        let recorder = TestStream<String>("-a-b-c-d|", clock: clock).record(clock: clock, subscription: "^----!")
        await clock.advance(by: .milliseconds(9))
        try recorder.marbles("-a-b-!").get()  // c, due at the cancel's frame, is not recorded
        #expect(Self.words(recorder) == ["subscribe@0", "a@1", "b@3", "cancel@5"])
        #expect(recorder.diagnostics.isEmpty)
    }

    /// AsyncSequence+RecordOnFrames.swift's untyped example.
    @Test func aColdStreamStartsItsFramesAtALateSubscription() async throws {
        let clock = TestClock()
        let input = TestStream<String>("-a-b-c|", clock: clock)
        let recorder: Recorder<String, any Error> = input.record(clock: clock, subscription: "--^---!")
        await clock.advance(by: .milliseconds(9))
        #expect(Self.words(recorder) == ["subscribe@2", "a@3", "b@5", "cancel@6"])
        try recorder.marbles("---a-b!").get()
    }

    /// The words of `input` recorded from now with `subscription` and
    /// `demand`, once the clock has run 20 ms.
    static func played(_ input: String, subscription: String? = nil, demand: String? = nil) async -> [String] {
        let clock = TestClock()
        let stream = TestStream<String>(input, clock: clock)
        let recorder =
            if let subscription {
                stream.record(clock: clock, subscription: subscription, demand: demand)
            } else {
                stream.record(clock: clock, demand: demand ?? "")
            }
        await clock.advance(by: .milliseconds(20))
        return words(recorder)
    }

    @Test func aHotStreamSubscribedLateGivesWhatComesFromTheCaretOn() async {
        #expect(await Self.played("^a-b-c|", subscription: "--^") == ["subscribe@2", "b@3", "c@5", "finished@6"])
    }

    @Test func aTimeProgressionMovesTheSubscriptionAndTheCancel() async {
        #expect(await Self.played("a 9ms b|", subscription: "^ 5ms !") == ["subscribe@0", "a@0", "cancel@6"])
    }

    @Test func cancellingTheRecorderBeforeItsSubscriptionMeansItNeverSubscribes() async {
        let clock = TestClock()
        let recorder = TestStream<String>("a|", clock: clock).record(clock: clock, subscription: "---^")
        recorder.cancel()
        await clock.advance(by: .milliseconds(5))
        #expect(Self.words(recorder) == ["cancel@0"])
        #expect(recorder.diagnostics.isEmpty)
    }

    /// One run of the tie: an element due at frame 1 of the recorder and a
    /// `!` at that frame, the element straight from a ``TestStream`` or,
    /// `relayed`, through a task that went to sleep on the clock for it
    /// before the recorder existed (so that its sleeper is queued before the
    /// cancel). The recording's words.
    static func tie(_ schedule: TestClock.Schedule, relayed: Bool) async -> [String] {
        let clock = TestClock(schedule: schedule)
        guard relayed else {
            let recorder = TestStream<String>("ab|", clock: clock).record(clock: clock, subscription: "^!")
            await clock.advance(by: .milliseconds(3))
            return words(recorder)
        }
        let (relay, continuation) = AsyncStream<String>.makeStream()
        let input = TestStream<String>("^a-b|", clock: clock)
        let task = Task {
            for try await element in input { continuation.yield(element) }
            continuation.finish()
        }
        await clock.advance(by: .milliseconds(2))  // the relay has yielded a and sleeps until b, at 3 ms
        let recorder = relay.record(clock: clock, subscription: "^!")
        await clock.advance(by: .milliseconds(3))
        task.cancel()
        return words(recorder)
    }

    static let schedules = [TestClock.Schedule.inOrder] + (0..<100).map { TestClock.Schedule.random(seed: $0) }

    /// The tie: the element due at the cancel's frame is not recorded, in
    /// order and under random schedules.
    @Test(arguments: schedules)
    func theCancelAtAFrameComesBeforeThatFramesElement(schedule: TestClock.Schedule) async {
        #expect(await Self.tie(schedule, relayed: false) == ["subscribe@0", "a@0", "cancel@1"], "\(schedule.name)")
    }

    /// The tie whatever order the tasks slept in: the relay's sleeper is
    /// queued before the cancel; the clock still runs the cancel first.
    @Test(arguments: schedules)
    func theCancelComesFirstEvenBeforeASleeperQueuedEarlier(schedule: TestClock.Schedule) async {
        #expect(await Self.tie(schedule, relayed: true) == ["subscribe@0", "a@0", "cancel@1"], "\(schedule.name)")
    }

    /// The same tie thousands of times over, both ways, in order and under
    /// random seeds: a cancel that came after the frame's element even once
    /// would show here.
    @Test(.cpuBound) func theTieHoldsOverThousandsOfRuns() async {
        var failures: [String] = []
        for run in 0..<3000 {
            let schedule: TestClock.Schedule = run % 4 < 2 ? .inOrder : .random(seed: UInt64(run))
            let words = await Self.tie(schedule, relayed: run % 2 == 1)
            if words != ["subscribe@0", "a@0", "cancel@1"] { failures.append("run \(run): \(words)") }
        }
        #expect(failures.isEmpty, "\(failures.count) of 3000 runs: \(failures.prefix(3))")
    }
}
