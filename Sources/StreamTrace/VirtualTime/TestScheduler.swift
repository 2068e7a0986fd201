#if canImport(Combine)
import Combine
#elseif OpenCombine
import OpenCombine
#endif

#if canImport(Combine) || OpenCombine
import Foundation

/// A Combine scheduler whose time moves only when a test moves it, in the
/// spirit of combine-schedulers' `TestScheduler`.
///
/// Work scheduled on it — by `receive(on:)`, `subscribe(on:)`, `delay`,
/// `debounce` or by hand — runs when ``advance(by:)``, ``advance(to:)`` or
/// ``run()`` reaches its time, in time order (and in scheduling order at
/// equal times), on the thread that advances. A recorder timed by its
/// ``clock`` stamps events in the same virtual time.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let recorder = Just(1).delay(for: 1, scheduler: scheduler).record(clock: scheduler.clock)
/// scheduler.advance(by: 1)
/// let value = try recorder.single.get()  // 1, recorded at t=+1s
/// ```
public final class TestScheduler: Scheduler, @unchecked Sendable {
    public typealias SchedulerTimeType = VirtualTime
    public typealias SchedulerOptions = Never

    private struct Action {
        let id: UInt64
        let time: VirtualTime
        let run: () -> Void
    }

    private let lock = NSLock()
    private var current: VirtualTime
    private var actions: [Action] = []
    private var nextID: UInt64 = 0

    public init(now: VirtualTime = VirtualTime(nanoseconds: 0)) {
        current = now
    }

    public var now: VirtualTime { lock.withLock { current } }
    public var minimumTolerance: VirtualTime.Stride { .zero }

    /// How many actions wait to run.
    public var pendingCount: Int { lock.withLock { actions.count } }

    public func schedule(options: Never?, _ action: @escaping () -> Void) {
        enqueue(at: now, action)
    }

    public func schedule(
        after date: VirtualTime, tolerance: VirtualTime.Stride, options: Never?, _ action: @escaping () -> Void
    ) {
        enqueue(at: date, action)
    }

    public func schedule(
        after date: VirtualTime, interval: VirtualTime.Stride, tolerance: VirtualTime.Stride, options: Never?,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        let repetition = Repetition()
        let interval = max(interval, .nanoseconds(1))
        func schedule(at time: VirtualTime) {
            enqueue(at: time) { [weak self] in
                guard !repetition.isCancelled else { return }
                action()
                guard !repetition.isCancelled, self != nil else { return }
                schedule(at: time.advanced(by: interval))
            }
        }
        schedule(at: date)
        return AnyCancellable { repetition.cancel() }
    }

    /// Runs, in time order, every action due until `now + stride`, then
    /// sets the time there.
    public func advance(by stride: VirtualTime.Stride = .zero) {
        advance(to: now.advanced(by: stride))
    }

    /// Runs every action due until `time`, in time order, then sets the time
    /// there (never backwards). Actions scheduled meanwhile run too if due.
    public func advance(to time: VirtualTime) {
        while let action = takeNext(until: time) {
            action.run()
        }
        lock.withLock { if current < time { current = time } }
    }

    /// Runs every scheduled action, moving time as far as they need.
    /// Repeating actions would run forever: cancel them first.
    public func run() {
        while let last = lock.withLock({ actions.map(\.time).max() }) {
            advance(to: last)
        }
    }

    /// A clock that reads this scheduler's time (`"clock":"virtual"`), for
    /// recorders.
    public var clock: Clock { Clock(scheduler: self) }

    private func enqueue(at time: VirtualTime, _ run: @escaping () -> Void) {
        lock.withLock {
            nextID += 1
            actions.append(Action(id: nextID, time: time, run: run))
        }
    }

    private func takeNext(until time: VirtualTime) -> Action? {
        lock.withLock {
            let due = actions.indices.filter { actions[$0].time <= time }
            guard let index = due.min(by: { (actions[$0].time, actions[$0].id) < (actions[$1].time, actions[$1].id) })
            else {
                return nil
            }
            let action = actions.remove(at: index)
            if current < action.time { current = action.time }
            return action
        }
    }

    private final class Repetition: @unchecked Sendable {
        private let lock = NSLock()
        private var cancelled = false
        var isCancelled: Bool { lock.withLock { cancelled } }
        func cancel() { lock.withLock { cancelled = true } }
    }

    /// A Swift clock that reads a test scheduler's virtual time.
    public struct Clock: TraceClock, Sendable {
        let scheduler: TestScheduler

        public typealias Instant = TestClock.Instant
        public var traceName: String { "virtual" }
        public var minimumResolution: Duration { .zero }
        public var now: Instant { Instant(offset: .nanoseconds(scheduler.now.nanoseconds)) }

        /// Sleeping is the scheduler's business: this waits until the
        /// scheduler's time reaches `deadline`.
        public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
            let time = VirtualTime(nanoseconds: TimeFormat.nanoseconds(deadline.offset))
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                scheduler.schedule(after: time, tolerance: .zero, options: nil) { continuation.resume() }
            }
        }
    }
}

/// A scheduler that runs every action at once, with ``TestScheduler``'s
/// time type, so it can stand in where virtual time does not matter.
public struct ImmediateTestScheduler: Scheduler, Sendable {
    public typealias SchedulerTimeType = VirtualTime
    public typealias SchedulerOptions = Never

    public init() {}

    public var now: VirtualTime { VirtualTime(nanoseconds: 0) }
    public var minimumTolerance: VirtualTime.Stride { .zero }

    public func schedule(options: Never?, _ action: @escaping () -> Void) { action() }

    public func schedule(
        after date: VirtualTime, tolerance: VirtualTime.Stride, options: Never?, _ action: @escaping () -> Void
    ) { action() }

    /// Runs the action once, at once: repeating in no time would never end.
    public func schedule(
        after date: VirtualTime, interval: VirtualTime.Stride, tolerance: VirtualTime.Stride, options: Never?,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        action()
        return AnyCancellable {}
    }
}
#endif
