/// A clock whose time moves only when a test moves it: instant, repeatable tests, and traces that are the same bytes
/// from run to run.
///
/// `sleep(until:)` suspends until ``advance(by:isolation:)``, ``advance(to:isolation:)`` or ``run(isolation:)`` reaches
/// the deadline. A recorder timed by a test clock writes `"clock":"virtual"` and no wall-clock start.
///
/// ```swift
/// let clock = TestClock()
/// let model = SearchModel(clock: clock)  // debounces with clock.sleep(for: .milliseconds(300))
/// let recorder = model.results.record(clock: clock)
/// model.type("swift")  // starts a Task that sleeps on the clock
/// await clock.advance(by: .milliseconds(300))  // returns once that task has run on
/// #expect(try await wait(for: recorder.next(), timeout: .seconds(5)) == ["swift"])
/// ```
///
/// ## Deterministic advancing
///
/// The clock follows its tasks: the task that creates it, every task that sleeps on it or advances it, and every task
/// those start or resume. Before it moves the time, and after each sleeper it wakes, `advance` waits until none of them
/// is running or waiting to run — each has finished or is suspended (asleep on the clock, or awaiting something else).
/// So a task that the test started but that has not reached its `sleep` yet gets there before the time moves, and a
/// woken task has done its work, and slept again, before the next sleeper wakes and before `advance` returns. No
/// wrapper is needed, and other tests running in parallel are not slowed down or serialized.
///
/// ## One order
///
/// The clock runs its tasks' jobs one at a time, in the order of its ``Schedule``: by default the order the program
/// gives (jobs in the order they became ready, sleepers due together in the order they began to sleep), so what happens
/// at one instant happens in the same order in every run; ``Schedule/random(seed:)`` explores other orders. The jobs of
/// the task that creates the clock and of the tasks it starts do not overlap: the clock starts the latter once the
/// creator waits or advances. A job that blocks its thread until another of them has run is found after 2 s, and the
/// next `advance` fails the test (``Schedule``).
///
/// Tasks are followed through the Swift runtime's global-executor hook (`swift_task_enqueueGlobal_hook`, on Linux and
/// Apple platforms alike). What it cannot see, `advance` does not wait for:
/// - work started outside any task of the clock: from a Dispatch queue, a
///   thread, a Combine `sink` on a `DispatchQueue`, or a task that already
///   existed before the clock and never touched it;
/// - jobs on the main actor or on custom executors — except that a clock
///   created or advanced from the main actor (a `@MainActor` test) runs its
///   jobs on the main queue and lets the main actor run what is queued on it
///   before it moves the time, so `@MainActor` models are deterministic,
///   and ordered, when their tests are `@MainActor` too;
/// - what a task does after a `Task.yield()`, whose job the Swift 6.2
///   runtime gives to the global executor without the hook;
/// - a task that never suspends: one settling step gives up after 10 s of
///   wall-clock time;
/// - anything, where the runtime's hook cannot be found (Windows, WASI, a
///   runtime linked statically without its symbols exported): `advance`
///   then only yields to other tasks, as it used to.
///
/// For those, wait for the sleepers explicitly with ``waitForSleepers(atLeast:timeout:isolation:)``: it fails with a
/// ``SleepersTimeout`` rather than hanging. The hook is installed while a test clock or test scheduler exists;
/// `withMainSerialExecutor` from swift-concurrency-extras replaces it for its scope, so do not combine the two in one
/// test.
public final class TestClock: TraceClock, @unchecked Sendable {
    /// A point in the clock's time: an offset from its zero.
    public struct Instant: InstantProtocol, Sendable {
        /// The time since the clock was created.
        public var offset: Duration

        /// The instant `offset` after the clock's zero.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    @usableFromInline let core: VirtualClockCore
    /// What failure messages call it: `TestClock`, or `TestScheduler` for a scheduler's ``TestScheduler/clock``.
    package let diagnosticName: String

    /// Creates a clock at `now` (default: zero). The current task, if any, is the first the clock follows: create the
    /// clock before the code under test starts its tasks.
    ///
    /// - Parameters:
    ///   - now: the clock's time to start from.
    ///   - schedule: the order of the jobs of the clock's tasks:
    ///     ``Schedule/current`` (``Schedule/inOrder`` unless a test helper
    ///     explores schedules) by default.
    ///   - fileID: where a stall of the clock's tasks is reported, with
    ///     `filePath`, `line` and `column` (``TestClock/Schedule``); leave
    ///     them out.
    ///   - filePath: see `fileID`.
    ///   - line: see `fileID`.
    ///   - column: see `fileID`.
    public init(
        now: Instant = Instant(offset: .zero), schedule: Schedule = .current, fileID: String = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        core = VirtualClockCore(
            now: now.offset, schedule: schedule,
            origin: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        diagnosticName = "TestClock"
    }

    /// A clock on the virtual time of `core`, which another clock or a ``TestScheduler`` owns too.
    package init(core: VirtualClockCore, diagnosticName: String) {
        self.core = core
        self.diagnosticName = diagnosticName
    }

    public var traceName: String { "virtual" }
    /// The time since the clock's zero, in nanoseconds: a trace header's `at`.
    public func traceNanoseconds(at instant: Instant) -> Int64? { TimeFormat.nanoseconds(instant.offset) }
    /// Zero: virtual time moves by any amount.
    public var minimumResolution: Duration { .zero }

    /// The clock's time, which only advancing moves.
    public var now: Instant { Instant(offset: core.timeline.now) }

    /// How many tasks are sleeping on the clock now.
    public var sleeperCount: Int { core.timeline.sleeperCount }

    /// Suspends until the clock reaches `deadline`; at once if it already has. Throws `CancellationError` if the task
    /// is cancelled first — before, during or after it comes to sleep.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await core.sleep(until: deadline.offset)
    }

    /// Moves time forward by `duration`, waking every sleeper on the way in deadline order, and returns once every task
    /// the clock follows has finished or suspended again (see "Deterministic advancing").
    ///
    /// ```swift
    /// model.startTimer()  // a Task: sleep 1 s, count += 1, repeat
    /// await clock.advance(by: .seconds(3))
    /// #expect(model.count == 3)
    /// ```
    ///
    /// - Parameters:
    ///   - duration: how far to move time (`.zero` by default).
    ///   - isolation: the caller's actor, passed implicitly; leave it out.
    public func advance(by duration: Duration = .zero, isolation: isolated (any Actor)? = #isolation) async {
        await core.advance(to: core.timeline.now + duration)
    }

    /// Moves time forward to `deadline` (never backwards), waking sleepers in deadline order; returns as
    /// ``advance(by:isolation:)`` does.
    public func advance(to deadline: Instant, isolation: isolated (any Actor)? = #isolation) async {
        await core.advance(to: deadline.offset)
    }

    /// Advances until no task is sleeping on the clock. A task that sleeps again every time it wakes (a timer) keeps it
    /// running: cancel it first.
    public func run(isolation: isolated (any Actor)? = #isolation) async {
        await core.run()
    }

    /// Suspends until at least `count` tasks sleep on the clock, then until the clock's tasks have settled; throws
    /// ``SleepersTimeout`` if they are not there within `timeout` of wall-clock time.
    ///
    /// `advance` already waits for the tasks it can follow. This is for the rest: a sleeper started from a Dispatch
    /// queue, a thread, a Combine `sink` on a `DispatchQueue`, or the main actor when the test is not on it.
    ///
    /// ```swift
    /// DispatchQueue.global().async { model.refresh() }  // sleeps 1 s on the clock, off any task of the test
    /// try await clock.waitForSleepers(atLeast: 1, timeout: .seconds(60))  // 60 s only bounds a failure
    /// await clock.advance(by: .seconds(1))
    /// ```
    public func waitForSleepers(
        atLeast count: Int = 1, timeout: Duration = .seconds(10), isolation: isolated (any Actor)? = #isolation
    ) async throws {
        try await core.waitForSleepers(atLeast: count, timeout: timeout)
    }
}
