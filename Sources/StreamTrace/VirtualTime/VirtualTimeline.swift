import Dispatch

/// The time and the queue of a virtual clock: sleeping tasks and scheduled actions, taken in deadline order
/// (``takeDue(until:)``). A sleeper is registered and its cancellation checked under one lock, so a cancelled sleeper
/// is always woken with `CancellationError`: cancelled before it registers, it finds its cancellation when it does;
/// cancelled after, its handler takes it out of the queue.
package final class VirtualTimeline: @unchecked Sendable {
    package enum Work {
        case wake(CheckedContinuation<Void, any Error>)
        case run(() -> Void)
    }

    private struct Entry {
        let id: UInt64
        let deadline: Duration
        let work: Work
        /// Taken before every other entry due at its instant (an action at a frame that must precede the frame's events).
        var isFirst = false
        var isSleeper: Bool {
            if case .wake = work { return true }
            return false
        }
    }

    private let lock = Lock()
    private var current: Duration
    private var entries: [Entry] = []
    /// Sleepers and waiters announced but not yet registered: `true` once cancelled.
    private var announced: [UInt64: Bool] = [:]
    private var sleeperWaiters: [UInt64: (atLeast: Int, continuation: CheckedContinuation<Void, any Error>)] = [:]
    private var nextID: UInt64 = 0
    /// Whether anything ever moved (or tried to move) the time.
    private var advanced = false
    /// Draws the order of the entries due together; `nil` in order.
    private var generator: SeededGenerator?

    package init(now: Duration, schedule: TestClock.Schedule = .inOrder) {
        current = now
        generator = schedule.generator(stream: 2)
    }

    package var now: Duration { lock.withLock { current } }

    package var sleeperCount: Int { lock.withLock { entries.count { $0.isSleeper } } }

    package var entryCount: Int { lock.withLock { entries.count } }

    package var lastDeadline: Duration? { lock.withLock { entries.map(\.deadline).max() } }

    /// Suspends until the time reaches `deadline`; throws `CancellationError` if the task is cancelled first.
    package func sleep(until deadline: Duration) async throws {
        try await suspend { id, continuation in
            if deadline <= current { return { continuation.resume() } }
            entries.append(Entry(id: id, deadline: deadline, work: .wake(continuation)))
            let sleepers = entries.count(where: \.isSleeper)
            let satisfied = sleeperWaiters.filter { $0.value.atLeast <= sleepers }
            for id in satisfied.keys { sleeperWaiters[id] = nil }
            return { for waiter in satisfied.values { waiter.continuation.resume() } }
        } unregister: { id in
            guard let index = self.entries.firstIndex(where: { $0.id == id }),
                case .wake(let continuation) = self.entries[index].work
            else { return nil }
            self.entries.remove(at: index)
            return continuation
        }
    }

    /// Suspends on a continuation that `register` keeps (under the lock, given an ID), unless the task is cancelled
    /// first; `register` returns what to do once the lock is released. When the task is cancelled after it registered,
    /// `unregister` (under the lock) takes the continuation back, and it throws `CancellationError`.
    private func suspend(
        register: (UInt64, CheckedContinuation<Void, any Error>) -> () -> Void,
        unregister: @escaping @Sendable (UInt64) -> CheckedContinuation<Void, any Error>?
    ) async throws {
        let id = lock.withLock {
            nextID += 1
            announced[nextID] = false
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let then = lock.withLock { () -> () -> Void in
                    if announced.removeValue(forKey: id) == true {
                        return { continuation.resume(throwing: CancellationError()) }
                    }
                    return register(id, continuation)
                }
                then()
            }
        } onCancel: {
            let registered = lock.withLock { () -> CheckedContinuation<Void, any Error>? in
                if announced[id] != nil {
                    announced[id] = true
                    return nil
                }
                return unregister(id)
            }
            registered?.resume(throwing: CancellationError())
        }
    }

    /// Runs `action` when the time reaches `deadline`; `first`: before every entry due at that instant that is not
    /// `first` too, whatever the schedule and whenever the others were queued (a subscriber's cancel at a frame comes
    /// before the frame's events, as swift-async-algorithms' `;` does).
    package func schedule(at deadline: Duration, first: Bool = false, _ action: @escaping () -> Void) {
        lock.withLock {
            nextID += 1
            entries.append(Entry(id: nextID, deadline: deadline, work: .run(action), isFirst: first))
        }
    }

    /// Takes what is due first by `deadline`, moving the time to it (never backwards); `nil` if nothing is due. In
    /// order, the one entry due first (the first to come at equal deadlines, a `first` action before the others);
    /// under a random schedule, every entry due at that instant: the `first` actions in their order, then the others in
    /// an order drawn from the seed in which actions keep theirs, as a serial scheduler runs them.
    package func takeDue(until deadline: Duration) -> [Work]? {
        lock.withLock {
            // The entry first in (deadline, not first, id) order is due if any is.
            let key = { (index: Int) in
                (self.entries[index].deadline, self.entries[index].isFirst ? 0 : 1, self.entries[index].id)
            }
            guard let first = entries.indices.min(by: { key($0) < key($1) }), entries[first].deadline <= deadline else {
                return nil
            }
            let instant = entries[first].deadline
            if current < instant { current = instant }
            guard var generator else { return [entries.remove(at: first).work] }
            var due = entries.filter { $0.deadline == instant }.sorted { $0.id < $1.id }
            entries.removeAll { $0.deadline == instant }
            var order = due.filter(\.isFirst).map(\.work)
            due.removeAll(where: \.isFirst)
            while !due.isEmpty {
                // Any sleeper, or the first action left: actions keep their order.
                let eligible = due.indices.filter { due[$0].isSleeper || $0 == due.firstIndex { !$0.isSleeper } }
                order.append(due.remove(at: eligible[generator.index(below: eligible.count)]).work)
            }
            self.generator = generator
            return order
        }
    }

    package func move(to time: Duration) {
        lock.withLock {
            advanced = true
            if current < time { current = time }
        }
    }

    /// The time and the queue now, for a failure that time may explain (``ClockDiagnosis``).
    package var snapshot: ClockDiagnosis.Queue {
        lock.withLock {
            ClockDiagnosis.Queue(
                now: current, advanced: advanced,
                sleepers: entries.filter(\.isSleeper).map(\.deadline).sorted(),
                actions: entries.filter { !$0.isSleeper }.map(\.deadline).sorted())
        }
    }

    /// Suspends until at least `count` tasks sleep here; throws ``SleepersTimeout`` after `timeout` of wall-clock time.
    package func waitForSleepers(atLeast count: Int, timeout: Duration) async throws {
        try await suspend { id, continuation in
            if entries.count(where: \.isSleeper) >= count { return { continuation.resume() } }
            sleeperWaiters[id] = (count, continuation)
            return { self.expire(id, expected: count, after: timeout) }
        } unregister: {
            self.sleeperWaiters.removeValue(forKey: $0)?.continuation
        }
    }

    /// Fails waiter `id` with ``SleepersTimeout`` after `timeout`, unless it was resumed before.
    private func expire(_ id: UInt64, expected: Int, after timeout: Duration) {
        let nanoseconds = Int(TimeFormat.nanoseconds(timeout))
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
            let (waiter, found) = self.lock.withLock {
                (self.sleeperWaiters.removeValue(forKey: id), self.entries.count(where: \.isSleeper))
            }
            waiter?.continuation.resume(throwing: SleepersTimeout(expected: expected, found: found, timeout: timeout))
        }
    }
}

/// Thrown by `waitForSleepers(atLeast:timeout:)` when fewer tasks than
/// expected came to sleep on a virtual clock in time.
public struct SleepersTimeout: Error, Equatable, CustomStringConvertible {
    package var expected: Int
    /// How many were sleeping when the wait gave up.
    package var found: Int
    /// The wall-clock time the wait allowed.
    package var timeout: Duration

    public var description: String {
        "waitForSleepers: expected at least \(expected) task(s) sleeping on the clock within "
            + "\(TimeFormat.short(timeout)) of wall-clock time, found \(found)"
    }
}
