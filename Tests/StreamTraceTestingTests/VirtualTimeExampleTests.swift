import Foundation
import StreamTrace
import StreamTraceTesting
import Testing

/// The virtual-time examples of the README and of TestClock's documentation,
/// run as written against small models like an app's.
@Suite struct VirtualTimeExampleTests {
    /// README, "Advancing is deterministic": under the default schedule,
    /// then seeds 0..<100 — it passes under every schedule.
    @Test(.exploringSchedules(100)) func aDebouncedSearchPublishesOnceItsTaskHasRun() async throws {
        // The model: each keystroke cancels the pending search and starts
        // Task { try await clock.sleep(for: .milliseconds(300)); results.yield(text) }
        let clock = TestClock()
        let search = DebouncedSearch(clock: clock)
        let recorder = search.results.record(name: "results", clock: clock)
        search.type("swift")
        await clock.advance(by: .milliseconds(300))  // the task slept, woke and published
        #expect(try await wait(for: recorder.next(), timeout: .seconds(5)) == "swift")
    }

    /// TestClock.swift.
    @Test func aTestClockAdvancesOnceTheModelsTaskHasRun() async throws {
        let clock = TestClock()
        let model = SearchModel(clock: clock)  // debounces with clock.sleep(for: .milliseconds(300))
        let recorder = model.results.record(clock: clock)
        model.type("swift")  // starts a Task that sleeps on the clock
        await clock.advance(by: .milliseconds(300))  // returns once that task has run on
        #expect(try await wait(for: recorder.next(), timeout: .seconds(5)) == ["swift"])
    }

    /// TestClock.swift, advance(by:).
    @Test func aTimerCountsEverySecondAdvanced() async {
        let clock = TestClock()
        let model = TimerModel(clock: clock)
        model.startTimer()  // a Task: sleep 1 s, count += 1, repeat
        await clock.advance(by: .seconds(3))
        #expect(model.count == 3)
        model.stop()
    }

    /// TestClock.swift, waitForSleepers(atLeast:timeout:).
    @Test func workStartedOffTheTestsTasksIsWaitedForExplicitly() async throws {
        let clock = TestClock()
        let model = RefreshModel(clock: clock)
        DispatchQueue.global().async { model.refresh() }  // sleeps 1 s on the clock, off any task of the test
        try await clock.waitForSleepers(atLeast: 1, timeout: .seconds(60))  // 60 s only bounds a failure
        await clock.advance(by: .seconds(1))
        #expect(try await wait(for: model.refreshed.next(), timeout: .seconds(5)) == 1)
    }
}

/// Each keystroke cancels the pending search and starts a task that sleeps
/// 300 ms on the clock, then publishes the text.
final class DebouncedSearch: Sendable {
    let results: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation
    private let clock: any Clock<Duration>
    private let pending = Locked<Task<Void, Never>?>(nil)

    init(clock: any Clock<Duration>) {
        self.clock = clock
        (results, continuation) = AsyncStream.makeStream()
    }

    func type(_ text: String) {
        let (clock, continuation) = (self.clock, self.continuation)
        pending.update { task in
            task?.cancel()
            task = Task {
                do { try await clock.sleep(for: .milliseconds(300)) } catch { return }
                continuation.yield(text)
            }
        }
    }
}

/// The same, publishing the results of a search: the text as one result.
final class SearchModel: Sendable {
    let results: AsyncStream<[String]>
    private let search: DebouncedSearch
    private let forwarding: Task<Void, Never>

    init(clock: any Clock<Duration>) {
        search = DebouncedSearch(clock: clock)
        let (results, continuation) = AsyncStream<[String]>.makeStream()
        self.results = results
        forwarding = Task { [queries = search.results] in
            for await query in queries { continuation.yield([query]) }
        }
    }

    func type(_ text: String) { search.type(text) }
}

/// Counts the seconds of a timer task that sleeps one second at a time.
final class TimerModel: Sendable {
    private let clock: TestClock
    private let ticks = Locked(0)
    private let timer = Locked<Task<Void, Never>?>(nil)

    init(clock: TestClock) { self.clock = clock }

    var count: Int { ticks.update { $0 } }

    func startTimer() {
        let (clock, ticks) = (self.clock, self.ticks)
        timer.update {
            $0 = Task {
                while (try? await clock.sleep(for: .seconds(1))) != nil { ticks.update { $0 += 1 } }
            }
        }
    }

    func stop() { timer.update { $0?.cancel() } }
}

/// Refreshes after a second on the clock, from wherever it is called.
final class RefreshModel: Sendable {
    private let clock: TestClock
    /// How many refreshes completed, recorded.
    let refreshed = Recorder<Int, Never>()
    private let count = Locked(0)

    init(clock: TestClock) { self.clock = clock }

    func refresh() {
        let (clock, count, refreshed) = (self.clock, self.count, self.refreshed)
        Task {
            guard (try? await clock.sleep(for: .seconds(1))) != nil else { return }
            refreshed.receive(
                count.update {
                    $0 += 1
                    return $0
                })
        }
    }
}

/// A value behind a lock.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func update<R>(_ body: (inout Value) -> R) -> R { lock.withLock { body(&value) } }
}
