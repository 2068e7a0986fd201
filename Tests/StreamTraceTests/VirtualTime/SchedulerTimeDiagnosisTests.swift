#if canImport(Combine)
import Combine
#elseif OpenCombine
import OpenCombine
#endif

#if canImport(Combine) || OpenCombine
import StreamTrace
import Testing

/// A wait that times out on a recorder timed by a `TestScheduler`'s clock
/// says what the scheduler was doing.
@Suite struct SchedulerTimeDiagnosisTests {
    static func timeoutDetails(_ recorder: Recorder<Int, Never>) async -> String? {
        do {
            _ = try await recorder.next().value(timeout: .milliseconds(20))
            Issue.record("the wait did not time out")
            return nil
        } catch {
            return (error as? RecordingError)?.clockNote
        }
    }

    /// A publisher of 1 after `delay` on `scheduler`: one scheduled action.
    static func delayed(_ delay: VirtualTime.Stride, on scheduler: TestScheduler) -> AnyPublisher<Int, Never> {
        let subject = PassthroughSubject<Int, Never>()
        scheduler.schedule(after: scheduler.now.advanced(by: delay)) { subject.send(1) }
        return subject.eraseToAnyPublisher()
    }

    @Test func anActionNotReachedIsNamedWithTheAdvanceThatReachesIt() async {
        let scheduler = TestScheduler()
        let recorder = Self.delayed(.milliseconds(500), on: scheduler).record(clock: scheduler.clock)
        scheduler.advance(by: .milliseconds(300))
        #expect(
            await Self.timeoutDetails(recorder)
                == "TestScheduler at 300ms; 1 action at 500ms: advance(by: .milliseconds(200)) reaches it")
    }

    @Test func aSleeperOnTheSchedulersClockNotReached() async throws {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int, Never>(clock: scheduler.clock)
        recorder.receiveSubscription()
        let task = Task {
            try await scheduler.clock.sleep(for: .seconds(2))
            recorder.receive(1)
        }
        await scheduler.clock.advance(by: .milliseconds(1500))
        #expect(
            await Self.timeoutDetails(recorder)
                == "TestScheduler at 1.5s; 1 sleeper until 2s: advance(by: .milliseconds(500)) reaches it")
        task.cancel()
    }

    @Test func aMarbleExpectationShortOfItsDiagramSaysWhatTheSchedulerWasDoing() throws {
        let scheduler = TestScheduler()
        let recorder = TestStream<String>("-a--b|", scheduler: scheduler).publisher.record(clock: scheduler.clock)
        scheduler.advance(by: .milliseconds(2))
        let error = #expect(throws: RecordingError.self) { try recorder.marbles("-a--b|").get() }
        #expect(error?.reason.rawValue == "notReached")
        #expect(
            error?.clockNote
                == "TestScheduler at 2ms; 2 actions at 4ms and 5ms: advance(by: .milliseconds(2)) reaches the first")
    }

    @Test func aSchedulerNeverAdvancedSaysSo() async {
        let scheduler = TestScheduler()
        let recorder = Self.delayed(.seconds(1), on: scheduler).record(clock: scheduler.clock)
        #expect(
            await Self.timeoutDetails(recorder)
                == "TestScheduler at 0ns, never advanced; 1 action at 1s: advance(by: .seconds(1)) reaches it")
    }

    @Test func aPublisherThatNeverSubscribedSaysNothingWasRecorded() async {
        let scheduler = TestScheduler()
        let recorder = Recorder<Int, Never>(clock: scheduler.clock)
        scheduler.advance(by: .seconds(1))
        #expect(
            await Self.timeoutDetails(recorder)
                == "nothing was recorded: the stream was never subscribed to; TestScheduler at 1s; "
                + "nothing sleeps or is scheduled on it")
    }

    @Test func aRecorderOnAnotherClockThanTheSchedulerSaysItIsNotVirtual() async {
        let scheduler = TestScheduler()
        let recorder = Self.delayed(.seconds(1), on: scheduler).record(clock: SuspendingClock())
        #expect(
            await Self.timeoutDetails(recorder)
                == "the recorder's clock, SuspendingClock, is not virtual: its time passes on its own")
    }
}
#endif
