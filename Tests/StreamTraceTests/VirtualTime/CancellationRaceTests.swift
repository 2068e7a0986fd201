import Foundation
import StreamTrace
import Testing

/// A cancelled sleeper is always woken with `CancellationError`, whenever the
/// cancellation lands: before the task starts, while it enters `sleep`, or
/// once it sleeps. The clock never moves here, so a sleeper that is still
/// asleep after the guard lost its cancellation: that is a failure, and the
/// test goes on instead of hanging.
@Suite struct CancellationRaceTests {
    /// 20,000 (1,000 under ThreadSanitizer, where the clock's one-at-a-time
    /// jobs take 20 times longer: a thousand interleavings; make test runs them all).
    static let trials = SanitizedSeeds.underThreadSanitizer ? 1_000 : 20_000

    @Test func aCancelledTestClockSleeperAlwaysThrows() async {
        let clock = TestClock()
        let outcome = await race(trials: Self.trials) { try await clock.sleep(for: .seconds(1)) }
        #expect(outcome.hung == 0, "\(outcome.hung) of \(Self.trials) cancelled sleepers never woke")
        #expect(outcome.notCancelled == 0, "\(outcome.notCancelled) sleepers ended without CancellationError")
        #expect(clock.sleeperCount == 0)
    }

    @Test func cancellingBeforeTheTaskStartsThrowsAtOnce() async {
        let clock = TestClock()
        let task = Task { try await clock.sleep(for: .seconds(1)) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func aSleeperCancelledAfterItWasWokenIsNotDisturbed() async throws {
        let clock = TestClock()
        let task = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.advance(by: .seconds(1))
        task.cancel()
        try await task.value
    }
}

/// What became of the cancelled sleepers of ``race(trials:sleep:)``.
struct RaceOutcome {
    var hung = 0
    var notCancelled = 0
}

/// Starts `trials` sleepers in batches and cancels each at a different point
/// of its start (at once, after some spinning, after yields); then counts
/// those that did not end with `CancellationError` within 60 s of wall-clock
/// time per batch (a hang, not a slow machine).
func race(trials: Int, sleep: @escaping @Sendable () async throws -> Void) async -> RaceOutcome {
    var outcome = RaceOutcome()
    let batch = 200
    for start in stride(from: 0, to: trials, by: batch) {
        let tasks = (start..<min(start + batch, trials)).map { trial in
            let task = Task { try await sleep() }
            return (trial, task)
        }
        for (trial, task) in tasks {
            switch trial % 4 {
            case 0: break
            case 1: await Task.yield()
            case 2: spin(iterations: trial % 97 * 20)
            default: spin(iterations: trial % 13)
            }
            task.cancel()
        }
        let ended = await results(of: tasks.map(\.1), within: .seconds(60))
        for result in ended {
            switch result {
            case nil: outcome.hung += 1
            case .failure(let error) where error is CancellationError: break
            default: outcome.notCancelled += 1
            }
        }
    }
    return outcome
}

/// A busy wait of a few hundred nanoseconds to tens of microseconds, to
/// land a cancellation at different points of the sleeper's start.
private func spin(iterations: Int) {
    var value = 0
    for i in 0..<iterations { value = value &+ i }
    withExtendedLifetime(value) {}
}

/// The results of `tasks`, or `nil` for those still running after `timeout`.
func results(of tasks: [Task<Void, any Error>], within timeout: Duration) async -> [Result<Void, any Error>?] {
    await withTaskGroup(of: (Int, Result<Void, any Error>?).self) { group in
        for (index, task) in tasks.enumerated() {
            group.addTask { (index, await result(of: task, within: timeout)) }
        }
        var results = [Result<Void, any Error>?](repeating: nil, count: tasks.count)
        for await (index, result) in group { results[index] = result }
        return results
    }
}
