import Foundation
import StreamTrace
import Testing

@Suite struct TestClockTests {
    /// Lets other tasks run until `condition` holds, recording an issue if
    /// it does not within a minute (a test helper: the
    /// library itself never polls).
    func settle(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async {
        let deadline = ContinuousClock.now + .seconds(60)
        while !condition(), ContinuousClock.now < deadline { await Task.yield() }
        if !condition() { Issue.record("the condition did not hold within a minute", sourceLocation: sourceLocation) }
    }

    @Test func sleepersWakeAtTheirDeadlinesInDeadlineOrder() async throws {
        let clock = TestClock()
        let recorder = Recorder<String, Never>(clock: clock)
        let first = Task {
            try await clock.sleep(until: .init(offset: .seconds(2)))
            recorder.receive("two")
        }
        let second = Task {
            try await clock.sleep(until: .init(offset: .seconds(1)))
            recorder.receive("one")
        }
        // No waiting for the sleepers: advance lets them arrive first.
        await clock.advance(by: .milliseconds(999))
        #expect(clock.sleeperCount == 2)
        #expect(recorder.events.isEmpty)
        await clock.advance(by: .milliseconds(1))
        #expect(clock.sleeperCount == 1)
        try await second.value
        #expect(recorder.events == [RecordedEvent(nanoseconds: 1_000_000_000, event: .value("one"))])
        await clock.advance(by: .seconds(5))
        #expect(clock.sleeperCount == 0)
        try await first.value
        // Woken at 2 s, and done before the time moved on.
        #expect(recorder.events.map(\.nanoseconds) == [1_000_000_000, 2_000_000_000])
        #expect(clock.now == .init(offset: .seconds(6)))
    }

    @Test func aRecordedSequenceOnATestClockHasExactTimes() async throws {
        let clock = TestClock()
        let ticks = AsyncStream<Int> { continuation in
            Task {
                for i in 1...3 {
                    try await clock.sleep(for: .seconds(1))
                    continuation.yield(i)
                }
                continuation.finish()
            }
        }
        let sink = MemoryTraceSink()
        let recorder = ticks.record(name: "ticks", clock: clock, sink: sink)
        for second in 1...3 {
            // The producer, then the recording task, have run when advance returns.
            await clock.advance(by: .seconds(1))
            #expect(recorder.events.count { $0.event.kind == .value } == second)
        }
        #expect(try await recorder.elements.value(timeout: .seconds(60)) == [1, 2, 3])
        #expect(
            recorder.events.compactMap { $0.event == .subscribe ? nil : $0.nanoseconds } == [
                1_000_000_000, 2_000_000_000, 3_000_000_000, 3_000_000_000,
            ])
        #expect(sink.lines[0] == #"{"streamtrace":1,"stream":"ticks","clock":"virtual","at":0}"#)
    }

    @Test func runWakesEverySleeperAndStopsAtTheLastDeadline() async throws {
        let clock = TestClock()
        let woken = Recorder<Int, Never>(clock: clock)
        let sleepers = (1...3).map { second in
            Task {
                try await clock.sleep(until: .init(offset: .seconds(second)))
                woken.receive(second)
            }
        }
        await settle { clock.sleeperCount == 3 }
        await clock.run()
        for sleeper in sleepers { try await sleeper.value }
        #expect(try woken.availableElements.get().sorted() == [1, 2, 3])
        #expect(clock.now == .init(offset: .seconds(3)))
        #expect(clock.sleeperCount == 0)
    }

    @Test func cancellingASleeperThrows() async throws {
        let clock = TestClock()
        let task = Task { try await clock.sleep(for: .seconds(1)) }
        await settle { clock.sleeperCount == 1 }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.sleeperCount == 0)
    }
}
