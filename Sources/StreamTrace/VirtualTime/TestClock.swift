import Foundation

/// A clock whose time moves only when a test moves it: instant, repeatable
/// tests, and traces that are the same bytes from run to run.
///
/// `sleep(until:)` suspends until ``advance(by:)``, ``advance(to:)`` or
/// ``run()`` reaches the deadline. A recorder timed by a test clock writes
/// `"clock":"virtual"` and no wall-clock start. For exact times, move time
/// on once the tasks the test drives are asleep on the clock
/// (``sleeperCount``):
///
/// ```swift
/// let clock = TestClock()
/// let recorder = ticks(clock: clock).record(clock: clock)
/// for _ in 1...3 {
///     while clock.sleeperCount == 0 { await Task.yield() }  // time moves on once the ticker sleeps
///     await clock.advance(by: .seconds(1))
/// }
/// let three = try await recorder.prefix(3).value(timeout: 60)  // three ticks, at t=1s, 2s, 3s
/// ```
public final class TestClock: TraceClock, @unchecked Sendable {
    public struct Instant: InstantProtocol, Sendable {
        /// The time since the clock was created.
        public var offset: Duration

        public init(offset: Duration) {
            self.offset = offset
        }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: UInt64
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current: Instant
    private var sleepers: [Sleeper] = []
    private var nextID: UInt64 = 0

    /// Creates a clock at `now` (default: zero).
    public init(now: Instant = Instant(offset: .zero)) {
        current = now
    }

    public var traceName: String { "virtual" }
    public var minimumResolution: Duration { .zero }

    public var now: Instant {
        lock.withLock { current }
    }

    /// How many tasks are sleeping on the clock.
    public var sleeperCount: Int {
        lock.withLock { sleepers.count }
    }

    /// Suspends until the clock reaches `deadline`; at once if it already has.
    /// Throws `CancellationError` if the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = lock.withLock { () -> UInt64 in
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow = lock.withLock { () -> Bool in
                    if deadline <= current { return true }
                    sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let sleeper = lock.withLock { () -> Sleeper? in
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `duration`, waking every sleeper on the way in
    /// deadline order. Between wake-ups it yields, so that woken tasks can run
    /// (and sleep again) before time moves on; a test that needs certainty
    /// advances once the tasks it drives are sleeping (see ``sleeperCount``).
    public func advance(by duration: Duration = .zero) async {
        await advance(to: now.advanced(by: duration))
    }

    /// Moves time forward to `deadline` (never backwards), waking sleepers
    /// in deadline order.
    public func advance(to deadline: Instant) async {
        while true {
            await Self.yieldToOtherTasks()
            let next = lock.withLock { () -> Sleeper? in
                guard let index = sleepers.indices.min(by: { sleepers[$0].deadline < sleepers[$1].deadline }),
                    sleepers[index].deadline <= deadline
                else {
                    if current < deadline { current = deadline }
                    return nil
                }
                let sleeper = sleepers.remove(at: index)
                if current < sleeper.deadline { current = sleeper.deadline }
                return sleeper
            }
            guard let next else { return }
            next.continuation.resume()
        }
    }

    /// Advances until no task is sleeping on the clock.
    public func run() async {
        while true {
            await Self.yieldToOtherTasks()
            let last = lock.withLock { sleepers.map(\.deadline).max() }
            guard let last else { return }
            await advance(to: last)
        }
    }

    /// Gives woken tasks the chance to run, and to sleep again, before time
    /// moves on.
    static func yieldToOtherTasks() async {
        for _ in 0..<50 { await Task.yield() }
    }
}
