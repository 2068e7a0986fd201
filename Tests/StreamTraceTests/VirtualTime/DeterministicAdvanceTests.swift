import Foundation
import StreamTrace
import Testing

/// `advance` returns once the clock's tasks have settled: no yield counting,
/// no `sleeperCount` polling. Each scenario runs hundreds of times in one
/// process, each time from scratch; one miss fails the test (a miss is a
/// bug, never retried).
@Suite struct DeterministicAdvanceTests {
    /// 300, or 60 under ThreadSanitizer (CI's TSan step), where a clock's jobs run
    /// 20 times slower: the hand-overs are the same, and `make test` runs all 300.
    static let repetitions = SanitizedSeeds.underThreadSanitizer ? 60 : 300

    /// The README's debounce: the test types, then advances at once — before
    /// the debounce task has reached its `sleep`.
    @Test func theReadmeDebounceIsDeterministic() async throws {
        for run in 1...Self.repetitions {
            let clock = TestClock()
            let search = DebouncedSearch(clock: clock)
            let recorder = search.results.record(name: "results", clock: clock)
            search.type("s")
            await clock.advance(by: .milliseconds(100))
            search.type("sw")
            await clock.advance(by: .milliseconds(300))
            // Already recorded when advance returns: the wait only reads it.
            let value = try await recorder.next().value(timeout: .seconds(60))
            #expect(value == "sw", "run \(run)")
            #expect(
                recorder.events.last?.nanoseconds == 400_000_000,
                "run \(run): the recording task ran before advance returned")
            #expect(clock.sleeperCount == 0, "run \(run)")
            if value != "sw" { break }
        }
    }

    /// A `@MainActor` model and a `@MainActor` test: the model's tasks run on
    /// the main actor, which `advance` lets run before it moves the time.
    @MainActor @Test func aMainActorDebounceIsDeterministic() async throws {
        for run in 1...Self.repetitions {
            let clock = TestClock()
            let search = MainActorSearch(clock: clock)
            let recorder = search.results.record(name: "results", clock: clock)
            search.type("s")
            search.type("sw")
            await clock.advance(by: .milliseconds(300))
            #expect(search.searches == 1, "run \(run): the woken task ran before advance returned")
            #expect(try await recorder.next().value(timeout: .seconds(60)) == "sw", "run \(run)")
            if search.searches != 1 { break }
        }
    }

    /// A timer task: each `advance` sees every tick it covers, in order.
    @Test func aTimerTicksOncePerSecondOfAdvance() async throws {
        for run in 1...50 {
            let clock = TestClock()
            let count = LockedValue(0)
            let timer = Task {
                while true {
                    try await clock.sleep(for: .seconds(1))
                    count.update { $0 += 1 }
                }
            }
            await clock.advance(by: .seconds(1))
            #expect(count.current == 1, "run \(run)")
            await clock.advance(by: .seconds(4))
            #expect(count.current == 5, "run \(run)")
            timer.cancel()
            await #expect(throws: CancellationError.self) { try await timer.value }
        }
    }

    /// `run()` also waits for a sleeper that has not arrived yet.
    @Test func runWaitsForASleeperThatHasNotArrived() async throws {
        for run in 1...100 {
            let clock = TestClock()
            let woken = Task { try await clock.sleep(for: .seconds(2)) }
            await clock.run()
            try await woken.value
            #expect(clock.now == .init(offset: .seconds(2)), "run \(run)")
        }
    }

    /// A sleeper started from a Dispatch queue is outside the clock's tasks:
    /// the test waits for it explicitly.
    @Test func waitForSleepersWaitsForASleeperFromDispatch() async throws {
        let clock = TestClock()
        let woken = LockedValue(false)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
            Task.detached {
                try await clock.sleep(for: .seconds(1))
                woken.update { $0 = true }
            }
        }
        try await clock.waitForSleepers(atLeast: 1, timeout: .seconds(60))  // bounds a failure only
        await clock.advance(by: .seconds(1))
        #expect(woken.current)
    }

    /// A sleeper that never comes: a clear error after the timeout, no hang.
    @Test func waitForSleepersFailsClearlyInsteadOfHanging() async throws {
        let clock = TestClock()
        let error = await #expect(throws: SleepersTimeout.self) {
            try await clock.waitForSleepers(atLeast: 2, timeout: .milliseconds(50))
        }
        #expect(error?.found == 0)
        #expect(
            error?.description
                == "waitForSleepers: expected at least 2 task(s) sleeping on the clock within 50ms of wall-clock time, found 0"
        )
    }

    /// Cancelling the waiting task ends the wait with `CancellationError`.
    @Test func cancellingAWaitForSleepersThrows() async throws {
        let clock = TestClock()
        let waiter = Task { try await clock.waitForSleepers(atLeast: 1, timeout: .seconds(60)) }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
    }
}
