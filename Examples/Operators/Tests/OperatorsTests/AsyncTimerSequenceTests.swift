import AsyncAlgorithms
import StreamTrace
import StreamTraceTesting
import Testing

/// swift-async-algorithms' timer, `AsyncTimerSequence.repeating(every:clock:)`,
/// on a `TestClock`: each tick is the clock's instant when it fired. One
/// task sleeps on the clock at a time, so it ticks alike under every
/// schedule.
@Suite(.exploringSchedules(100)) struct AsyncTimerSequenceTests {
    @Test func itTicksOncePerIntervalAtTheClocksInstants() async {
        let clock = TestClock()
        let recorder = AsyncTimerSequence.repeating(every: .seconds(1), clock: clock).record(clock: clock)
        await clock.advance(by: .milliseconds(999))
        #expect(Self.ticks(recorder) == [])
        await clock.advance(by: .milliseconds(1))
        #expect(Self.ticks(recorder) == [.seconds(1)])
        await clock.advance(by: .seconds(2))
        #expect(Self.ticks(recorder) == [.seconds(1), .seconds(2), .seconds(3)])
        expectMarbles(recorder, "-abc", values: Self.instants, frame: .seconds(1))
    }

    @Test func cancellingTheRecorderStopsTheTicks() async {
        let clock = TestClock()
        let recorder = AsyncTimerSequence.repeating(every: .seconds(1), clock: clock).record(clock: clock)
        await clock.advance(by: .seconds(3))
        #expect(Self.ticks(recorder) == [.seconds(1), .seconds(2), .seconds(3)])
        recorder.cancel()
        await clock.advance(by: .seconds(3))
        #expect(Self.ticks(recorder) == [.seconds(1), .seconds(2), .seconds(3)])
        #expect(clock.sleeperCount == 0)
        expectMarbles(recorder, "-ab(c!)", values: Self.instants, frame: .seconds(1))
        await clock.advance(by: .seconds(10))
        #expect(Self.ticks(recorder) == [.seconds(1), .seconds(2), .seconds(3)])
    }

    static let instants: [Character: TestClock.Instant] = [
        "a": .init(offset: .seconds(1)), "b": .init(offset: .seconds(2)), "c": .init(offset: .seconds(3)),
    ]

    /// Each tick's time, from the recorder's `events`, after checking that
    /// it was recorded at the instant it carries.
    static func ticks<Failure>(_ recorder: Recorder<TestClock.Instant, Failure>) -> [Duration] {
        recorder.events.compactMap { event in
            guard case .value(let instant) = event.event else { return nil }
            #expect(instant.offset == event.time)
            return event.time
        }
    }
}
