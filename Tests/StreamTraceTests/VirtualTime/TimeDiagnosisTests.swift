import StreamTrace
import Testing

@testable import StreamTrace

/// A wait that times out on a recorder says what its clock was doing: the
/// time, whether it was advanced, what sleeps on it and the advance that
/// reaches it — or that the clock is not virtual.
@Suite struct TimeDiagnosisTests {
    /// The details of the failure of a wait for the next element, which
    /// times out (in wall-clock time: virtual time does not move by itself).
    static func timeoutDetails<C: Clock>(_ recorder: Recorder<Int, Never>, clock: C) async -> String?
    where C.Duration == Duration {
        do {
            _ = try await recorder.next().value(timeout: .milliseconds(20))
            Issue.record("the wait did not time out")
            return nil
        } catch {
            return (error as? RecordingError)?.clockNote
        }
    }

    /// A task that records 1 once it has slept until 500 ms on `clock`.
    static func sleeper(_ clock: TestClock, _ recorder: Recorder<Int, Never>) -> Task<Void, any Error> {
        Task {
            try await clock.sleep(until: .init(offset: .milliseconds(500)))
            recorder.receive(1)
        }
    }

    @Test func aSleeperNotReachedIsNamedWithTheAdvanceThatReachesIt() async {
        let clock = TestClock()
        let recorder = Recorder<Int, Never>(clock: clock)
        recorder.receiveSubscription()
        let task = Self.sleeper(clock, recorder)
        await clock.advance(by: .milliseconds(300))
        #expect(
            await Self.timeoutDetails(recorder, clock: clock)
                == "TestClock at 300ms; 1 sleeper until 500ms: advance(by: .milliseconds(200)) reaches it")
        task.cancel()
    }

    @Test func aClockNeverAdvancedSaysSo() async throws {
        let clock = TestClock()
        let recorder = Recorder<Int, Never>(clock: clock)
        recorder.receiveSubscription()
        let task = Self.sleeper(clock, recorder)
        try await clock.waitForSleepers(atLeast: 1, timeout: .seconds(60))
        #expect(
            await Self.timeoutDetails(recorder, clock: clock)
                == "TestClock at 0ns, never advanced; 1 sleeper until 500ms: advance(by: .milliseconds(500)) reaches it"
        )
        task.cancel()
    }

    @Test func aStreamThatNeverSubscribedSaysNothingWasRecorded() async {
        let clock = TestClock()
        let recorder = Recorder<Int, Never>(clock: clock)
        await clock.advance(by: .seconds(1))
        #expect(
            await Self.timeoutDetails(recorder, clock: clock)
                == "nothing was recorded: the stream was never subscribed to; TestClock at 1s; nothing sleeps or is scheduled on it"
        )
    }

    @Test func aClockThatIsNotVirtualSaysSo() async {
        let recorder = Recorder<Int, Never>(clock: ContinuousClock())
        recorder.receiveSubscription()
        #expect(
            await Self.timeoutDetails(recorder, clock: ContinuousClock())
                == "the recorder's clock, ContinuousClock, is not virtual: its time passes on its own")
    }

    @Test func theReportShowsTheClockAfterTheFailure() async {
        let clock = TestClock()
        let recorder = Recorder<Int, Never>(clock: clock)
        recorder.receiveSubscription()
        do {
            _ = try await recorder.next().value(timeout: .milliseconds(20))
        } catch {
            #expect(
                (error as? RecordingError)?.report
                    == "next(): expected 1 more element, got 0 within 20ms (event 1, t=+0ns); recent: -\n"
                    + "TestClock at 0ns, never advanced; nothing sleeps or is scheduled on it")
        }
    }

    @Test func aFailureDecidedBeforeTheTimeoutSaysNothingOfTheClock() throws {
        let recorder = Recorder<Int, Never>(clock: TestClock())
        recorder.receive(completion: .finished)
        #expect(throws: RecordingError.self) { try recorder.next().get() }
        do { _ = try recorder.next().get() } catch { #expect((error as? RecordingError)?.clockNote == nil) }
    }

    @Test func severalWaitingAreListedEarliestFirst() {
        let queue = ClockDiagnosis.Queue(
            now: .seconds(1), advanced: true,
            sleepers: [.seconds(2), .seconds(2), .seconds(3), .seconds(4), .seconds(5)],
            actions: [.milliseconds(1500)])
        #expect(
            ClockDiagnosis.describe(queue, clock: "TestScheduler")
                == "TestScheduler at 1s; 5 sleepers until 2s, 3s, 4s and 1 more and 1 action at 1.5s: "
                + "advance(by: .milliseconds(500)) reaches the first")
        let due = ClockDiagnosis.Queue(now: .seconds(1), advanced: false, sleepers: [], actions: [.seconds(1)])
        #expect(
            ClockDiagnosis.describe(due, clock: "TestScheduler")
                == "TestScheduler at 1s, never advanced; 1 action at 1s: advance(by: .zero) reaches it")
    }

    @Test func advancesAreWrittenAsSwift() {
        #expect(ClockDiagnosis.literal(0) == ".zero")
        #expect(ClockDiagnosis.literal(2_000_000_000) == ".seconds(2)")
        #expect(ClockDiagnosis.literal(1_500_000_000) == ".milliseconds(1500)")
        #expect(ClockDiagnosis.literal(7_000) == ".microseconds(7)")
        #expect(ClockDiagnosis.literal(7) == ".nanoseconds(7)")
    }
}
