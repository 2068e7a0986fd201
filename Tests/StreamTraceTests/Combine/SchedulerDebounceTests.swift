#if canImport(Combine)
import Combine
#elseif OpenCombine
import OpenCombine
#endif

#if canImport(Combine) || OpenCombine
import Foundation
import StreamTrace
import Testing

/// A search model in Combine: the query is debounced on the scheduler, then
/// each search runs in a `Task` that sleeps 100 ms on the scheduler's clock
/// for the network before it publishes.
final class CombineSearch: @unchecked Sendable {
    let query = PassthroughSubject<String, Never>()
    let results: AsyncStream<String>
    private var subscription: AnyCancellable?

    init(scheduler: TestScheduler) {
        let (results, continuation) = AsyncStream<String>.makeStream()
        self.results = results
        let clock = scheduler.clock
        subscription = query.debounce(for: .milliseconds(300), scheduler: scheduler).sink { query in
            Task {
                try await clock.sleep(for: .milliseconds(100))
                continuation.yield("results for \(query)")
            }
        }
    }
}

@Suite struct SchedulerDebounceTests {
    static let repetitions = 300

    /// Combine all the way: the synchronous `advance` is enough.
    @Test func aDebouncedPublisherIsDeterministic() throws {
        for run in 1...Self.repetitions {
            let scheduler = TestScheduler()
            let query = PassthroughSubject<String, Never>()
            let recorder = query.debounce(for: .milliseconds(300), scheduler: scheduler).record(clock: scheduler.clock)
            query.send("s")
            scheduler.advance(by: .milliseconds(100))
            query.send("sw")
            scheduler.advance(by: .milliseconds(300))
            #expect(try recorder.next().get() == "sw", "run \(run)")
            #expect(recorder.events.last?.nanoseconds == 400_000_000, "run \(run)")
        }
    }

    /// Debounce, then a task that sleeps on the scheduler's clock: `await
    /// scheduler.clock.advance(by:)` runs the debounce, waits for the task to
    /// sleep, wakes it at its time and waits for it to publish.
    @Test func aDebounceThatStartsATaskIsDeterministic() async throws {
        for run in 1...Self.repetitions {
            let scheduler = TestScheduler()
            let search = CombineSearch(scheduler: scheduler)
            let recorder = search.results.record(name: "results", clock: scheduler.clock)
            search.query.send("s")
            await scheduler.clock.advance(by: .milliseconds(100))
            search.query.send("swift")
            await scheduler.clock.advance(by: .milliseconds(400))
            #expect(recorder.events.last?.nanoseconds == 500_000_000, "run \(run): recorded before advance returned")
            let value = try await recorder.next().value(timeout: .seconds(60))
            #expect(value == "results for swift", "run \(run)")
            #expect(scheduler.pendingCount == 0, "run \(run)")
            if value != "results for swift" { break }
        }
    }

    @Test func aCancelledSchedulerClockSleeperAlwaysThrows() async {
        let scheduler = TestScheduler()
        let clock = scheduler.clock
        let outcome = await race(trials: CancellationRaceTests.trials) { try await clock.sleep(for: .seconds(1)) }
        #expect(outcome.hung == 0, "\(outcome.hung) cancelled sleepers never woke")
        #expect(outcome.notCancelled == 0, "\(outcome.notCancelled) sleepers ended without CancellationError")
        #expect(scheduler.pendingCount == 0)
    }

    @Test func schedulerClockSleepersWakeInTimeOrderWithTheScheduledActions() async throws {
        let scheduler = TestScheduler()
        let order = LockedValue<[String]>([])
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(200))) {
            order.update { $0.append("action") }
        }
        let sleeper = Task {
            try await scheduler.clock.sleep(for: .milliseconds(100))
            order.update { $0.append("sleeper") }
        }
        await scheduler.clock.run()
        try await sleeper.value
        #expect(order.current == ["sleeper", "action"])
        #expect(scheduler.now == VirtualTime(nanoseconds: 200_000_000))
    }
}
#endif
