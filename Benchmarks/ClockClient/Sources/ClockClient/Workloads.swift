import StreamTrace
import Synchronization

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The measured bodies: what a test does with a `TestClock`, through the
/// public API only, so that the same code measures any StreamTrace it is
/// built against.
enum Workloads {
    /// What each task of ``advance(tasks:sleeping:clock:)`` does before
    /// it adds its one to the counter.
    enum TaskWork {
        /// Sleeps on the clock until one deadline, 1 s away, which one
        /// `advance(by: .seconds(1))` passes.
        case sleep
        /// Yields once (two jobs a task, no sleeper), for `advance(by: .zero)`.
        case yield
    }

    /// `count` tasks started from the task that creates the clock, each
    /// doing `work`, then adding one to a locked counter; then one
    /// `advance(by:)`. Returns the time of the `advance` alone, of the
    /// whole (the clock made, the tasks started, the advance, the clock
    /// released), and how many tasks had added their one when `advance`
    /// returned.
    static func advance(tasks count: Int, _ work: TaskWork, clock makeClock: () -> TestClock) async -> (
        advance: Timing, whole: Timing, done: Int
    ) {
        let counter = Counter()
        let whole = Stopwatch()
        let (advance, done) = await advance(tasks: count, work, on: makeClock(), counter: counter)
        return (advance, whole.elapsed, done)
    }

    /// The clock is released when this returns (its tasks have ended).
    private static func advance(tasks count: Int, _ work: TaskWork, on clock: TestClock, counter: Counter) async -> (
        Timing, Int
    ) {
        let deadline = clock.now.advanced(by: .seconds(1))
        for _ in 0..<count {
            Task {
                switch work {
                case .sleep:
                    do { try await clock.sleep(until: deadline) } catch { return }
                case .yield: await Task.yield()
                }
                counter.increment()
            }
        }
        let stopwatch = Stopwatch()
        await clock.advance(by: work == .sleep ? .seconds(1) : .zero)
        let time = stopwatch.elapsed
        return (time, counter.value)
    }

    /// The README's debounce test on `clock`: type "s", advance 100 ms, type
    /// "sw", advance 300 ms, and the recorder's next element ("sw" when the
    /// clock is right; `nil` if none came within 5 s of wall-clock time).
    static func readmeDebounce(on clock: TestClock) async -> String? {
        let search = DebouncedSearch(clock: clock)
        let recorder = search.results.record(name: "results", clock: clock)
        search.type("s")
        await clock.advance(by: .milliseconds(100))
        search.type("sw")
        await clock.advance(by: .milliseconds(300))
        return try? await recorder.next().value(timeout: .seconds(5))
    }

    /// The README's debounce test once on each clock `makeClock(0..<count)`
    /// makes, one after the other. Returns the time of all of them, and
    /// the runs (with what they read) that did not read "sw".
    static func readmeDebounce(runs count: Int, clock makeClock: (Int) -> TestClock) async -> (
        Timing, wrong: [(run: Int, read: String?)]
    ) {
        var wrong: [(run: Int, read: String?)] = []
        let stopwatch = Stopwatch()
        for run in 0..<count {
            let read = await readmeDebounce(on: makeClock(run))
            if read != "sw" { wrong.append((run, read)) }
        }
        return (stopwatch.elapsed, wrong)
    }
}

/// The README's model (Tests/StreamTraceTests/VirtualTime/DebounceModels.swift):
/// each keystroke cancels the pending search and starts a `Task` that
/// sleeps 300 ms on the clock, then publishes the text. The clock is an
/// `any Clock`, as an app would inject it.
final class DebouncedSearch: Sendable {
    let results: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation
    private let clock: any Clock<Duration>
    private let pending = Mutex<Task<Void, Never>?>(nil)

    init(clock: any Clock<Duration>) {
        self.clock = clock
        (results, continuation) = AsyncStream.makeStream()
    }

    func type(_ text: String) {
        let (clock, continuation) = (self.clock, self.continuation)
        pending.withLock { task in
            task?.cancel()
            task = Task {
                do { try await clock.sleep(for: .milliseconds(300)) } catch { return }
                continuation.yield(text)
            }
        }
    }
}

/// The trivial work of each task: one added behind a lock.
final class Counter: Sendable {
    private let count = Mutex(0)

    func increment() { count.withLock { $0 += 1 } }

    var value: Int { count.withLock { $0 } }
}

/// Wall-clock and CPU seconds.
struct Timing {
    var wall: Double
    var cpu: Double
}

/// Measures from its creation: wall-clock time, and the CPU time of the
/// whole process (every thread: the clock's jobs run on others).
struct Stopwatch {
    private let start = ContinuousClock.now
    private let cpuStart = Stopwatch.processCPU()

    var elapsed: Timing {
        let wall = ContinuousClock.now - start
        return Timing(
            wall: Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18,
            cpu: Self.processCPU() - cpuStart)
    }

    /// User and system CPU seconds of every thread of the process so far.
    static func processCPU() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
