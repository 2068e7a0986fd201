#if canImport(Combine)
import Combine
#elseif OpenCombine
import OpenCombine
#endif

#if canImport(Combine) || OpenCombine
extension TestScheduler {
    /// A Swift clock on a test scheduler's virtual time: recorders stamp
    /// events with it (`"clock":"virtual"`), tasks sleep on it, and tests
    /// advance the scheduler through it and wait for the tasks it wakes.
    ///
    /// ```swift
    /// let scheduler = TestScheduler()
    /// // The model debounces with `scheduler`, then fetches in a Task that
    /// // sleeps 100 ms on `scheduler.clock` for the network.
    /// let model = SearchModel(scheduler: scheduler)
    /// let recorder = model.results.record(clock: scheduler.clock)
    /// model.query.send("swift")
    /// await scheduler.clock.advance(by: .milliseconds(400))
    /// #expect(try await wait(for: recorder.next(), timeout: 5) == ["swift"])
    /// ```
    public struct Clock: TraceClock, Sendable {
        let scheduler: TestScheduler

        public typealias Instant = TestClock.Instant
        public var traceName: String { "virtual" }
        /// The scheduler's time in nanoseconds: a trace header's `at`.
        public func traceNanoseconds(at instant: Instant) -> Int64? { TimeFormat.nanoseconds(instant.offset) }
        public var minimumResolution: Duration { .zero }
        public var now: Instant { Instant(offset: scheduler.core.timeline.now) }

        /// How many tasks are sleeping on the clock now.
        public var sleeperCount: Int { scheduler.core.timeline.sleeperCount }

        /// Waits until the scheduler's time reaches `deadline` (at once if it
        /// has); throws `CancellationError` if the task is cancelled first,
        /// whenever that is.
        public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
            try await scheduler.core.sleep(until: deadline.offset)
        }

        /// Advances the scheduler by `duration`, running its actions and
        /// waking sleepers in time order, and returns once every task the
        /// scheduler follows has finished or suspended again — as
        /// ``TestClock/advance(by:isolation:)`` does, with the same limits.
        ///
        /// - Parameters:
        ///   - duration: how far to move time (`.zero` by default).
        ///   - isolation: the caller's actor, passed implicitly; leave it out.
        public func advance(by duration: Duration = .zero, isolation: isolated (any Actor)? = #isolation) async {
            await scheduler.core.advance(to: scheduler.core.timeline.now + duration)
        }

        /// Advances the scheduler to `deadline` (never backwards); returns as
        /// ``advance(by:isolation:)`` does.
        public func advance(to deadline: Instant, isolation: isolated (any Actor)? = #isolation) async {
            await scheduler.core.advance(to: deadline.offset)
        }

        /// Advances until nothing is scheduled. Repeating actions would run
        /// forever: cancel them first.
        public func run(isolation: isolated (any Actor)? = #isolation) async {
            await scheduler.core.run()
        }

        /// Suspends until at least `count` tasks sleep on the clock, then
        /// until the scheduler's tasks have settled; throws
        /// ``SleepersTimeout`` after `timeout` of wall-clock time. See
        /// ``TestClock/waitForSleepers(atLeast:timeout:isolation:)``.
        public func waitForSleepers(
            atLeast count: Int = 1, timeout: Duration = .seconds(10), isolation: isolated (any Actor)? = #isolation
        ) async throws {
            try await scheduler.core.waitForSleepers(atLeast: count, timeout: timeout)
        }
    }
}

extension VirtualTime {
    init(_ offset: Duration) {
        self.init(nanoseconds: TimeFormat.nanoseconds(offset))
    }
}
#endif
