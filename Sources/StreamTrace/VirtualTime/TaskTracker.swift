import Dispatch

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Follows the tasks of each virtual clock, so that the clock knows when they
/// have all suspended.
///
/// A clock's *domain* holds the task that created the clock and every task
/// that sleeps on it or advances it. A job enqueued for the global executor
/// joins the domain when the job itself is a member (a member resumed by
/// anyone), when the task enqueuing it is (a task started or resumed by a
/// member), when it is enqueued from inside a job of the domain (a task that
/// an actor job of the domain ran), or when it is enqueued from the main
/// actor and the domain follows the main actor (its clock was created or
/// advanced there). Through ``GlobalEnqueueHook`` the tracker takes every
/// job of a domain, runs it on a Dispatch queue as the global executor
/// would, and counts it until it returns: when a domain has no job queued or
/// running, each of its tasks has finished or is suspended.
///
/// Other jobs go on, untouched, to the runtime (or to a hook installed
/// before ours). Jobs queued on the main actor or on custom executors, and
/// work on Dispatch queues or threads, are not counted.
///
/// A task is known by its ID, which the runtime never gives to another
/// task, not by its address, which it reuses as soon as the task ends: a
/// task that a clock followed cannot pass its membership on to an unrelated
/// task allocated in its place (see ``Member``).
package final class TaskTracker: @unchecked Sendable {
    package static let shared = TaskTracker()

    private struct Domain {
        var members: Set<Member> = []
        /// Tracked jobs queued or running.
        var pending = 0
        /// Tracked jobs enqueued so far, not counting those of `settling` tasks.
        var activity: UInt64 = 0
        var settling: [Member: Int] = [:]
        var followsMainActor = false
        var idleWaiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    }

    private let lock = Lock()
    private var domains: [UInt64: Domain] = [:]
    private var membership: [Member: [UInt64]] = [:]
    private var nextID: UInt64 = 0
    /// `nil` while the hook is not installed; else the hook it replaced.
    private var previousHook: GlobalEnqueueHook.Hook??

    /// Whether jobs can be followed at all (the runtime's hook was found).
    package var isAvailable: Bool { GlobalEnqueueHook.slot != nil }

    /// A new domain, with the current task (if any) as its first member.
    package func makeDomain() -> UInt64 {
        let task = Self.currentTask()
        let onMainActor = Self.isOnMainQueue()
        _ = (GlobalEnqueueHook.slot, Member.readTaskID)  // dlsym, once, outside the lock
        return lock.withLock {
            if domains.isEmpty, previousHook == nil, let previous = GlobalEnqueueHook.install() {
                previousHook = .some(previous)
            }
            nextID += 1
            domains[nextID] = Domain(followsMainActor: onMainActor)
            if let task { join(task, nextID) }
            return nextID
        }
    }

    /// Ends a domain; the hook goes when the last one does.
    package func removeDomain(_ id: UInt64) {
        let waiters = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            guard let domain = domains.removeValue(forKey: id) else { return [] }
            for member in domain.members {
                membership[member]?.removeAll { $0 == id }
                if membership[member]?.isEmpty == true { membership[member] = nil }
            }
            if domains.isEmpty, let previous = previousHook {
                GlobalEnqueueHook.uninstall(restoring: previous)
                previousHook = nil
            }
            return Array(domain.idleWaiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Makes the current task a member of the domain.
    package func adoptCurrentTask(into id: UInt64) {
        let task = Self.currentTask()
        let onMainActor = Self.isOnMainQueue()
        lock.withLock {
            guard domains[id] != nil else { return }
            if let task { join(task, id) }
            if onMainActor { domains[id]?.followsMainActor = true }
        }
    }

    /// The hook's body: a job of some domain is run and counted, any other
    /// goes on to the runtime.
    func enqueue(_ job: UnownedJob, original: GlobalEnqueueHook.Original) {
        let member = Member(job: unsafeBitCast(job, to: UnsafeRawPointer.self))
        let task = Self.currentTask()
        let running = TrackedJob.current
        let onMainActor = Self.isOnMainQueue()
        let (ids, previous) = lock.withLock { () -> ([UInt64], GlobalEnqueueHook.Hook?) in
            var ids = membership[member] ?? []
            func add(_ more: [UInt64]) { ids += more.filter { !ids.contains($0) && domains[$0] != nil } }
            if let task, task != member, let more = membership[task] { add(more) }
            if let running { add(running) }
            if onMainActor { add(domains.filter(\.value.followsMainActor).map(\.key)) }
            for id in ids {
                join(member, id)
                domains[id]?.pending += 1
                if domains[id]?.settling[member] == nil { domains[id]?.activity &+= 1 }
            }
            return (ids, previousHook ?? nil)
        }
        guard !ids.isEmpty else {
            if let previous { previous(job, original) } else { original(job) }
            return
        }
        DispatchQueue.global().async {
            TrackedJob.run(job, on: Self.genericExecutor, domains: ids)
            self.finished(ids)
        }
    }

    /// Suspends until no job of the domain is queued or running, or until
    /// `bound` of wall-clock time has passed (a member that never suspends
    /// must not hang its clock).
    package func waitUntilIdle(_ id: UInt64, bound: Duration) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waiter = lock.withLock { () -> UInt64? in
                guard let domain = domains[id], domain.pending > 0 else { return nil }
                nextID += 1
                domains[id]?.idleWaiters[nextID] = continuation
                return nextID
            }
            guard let waiter else { return continuation.resume() }
            let nanoseconds = Int(TimeFormat.nanoseconds(bound))
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
                let expired = self.lock.withLock { self.domains[id]?.idleWaiters.removeValue(forKey: waiter) }
                expired?.resume()
            }
        }
    }

    /// How many jobs of the domain have been enqueued, not counting the
    /// current task's own while it settles (see ``beginSettling(_:)``).
    package func activity(_ id: UInt64) -> UInt64 {
        lock.withLock { domains[id]?.activity ?? 0 }
    }

    /// Leaves the current task's own jobs out of ``activity(_:)`` until
    /// ``endSettling(_:)``.
    package func beginSettling(_ id: UInt64) {
        guard let task = Self.currentTask() else { return }
        lock.withLock { domains[id]?.settling[task, default: 0] += 1 }
    }

    package func endSettling(_ id: UInt64) {
        guard let task = Self.currentTask() else { return }
        lock.withLock {
            guard let count = domains[id]?.settling[task] else { return }
            domains[id]?.settling[task] = count > 1 ? count - 1 : nil
        }
    }

    private func finished(_ ids: [UInt64]) {
        let waiters = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            var waiters: [CheckedContinuation<Void, Never>] = []
            for id in ids where domains[id] != nil {
                domains[id]?.pending -= 1
                if domains[id]?.pending == 0, let idle = domains[id]?.idleWaiters, !idle.isEmpty {
                    waiters += idle.values
                    domains[id]?.idleWaiters = [:]
                }
            }
            return waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Under `lock`.
    private func join(_ member: Member, _ id: UInt64) {
        guard domains[id]?.members.insert(member).inserted == true else { return }
        membership[member, default: []].append(id)
    }

    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the caller runs on the main queue — the main actor's
    /// executor, whichever thread drains it.
    private static func isOnMainQueue() -> Bool {
        DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    /// The current task, which is also the job that starts or resumes it.
    private static func currentTask() -> Member? {
        withUnsafeCurrentTask { task in task.map { Member(job: unsafeBitCast($0, to: UnsafeRawPointer.self)) } }
    }

    /// The generic executor (no actor), as the global executor passes it.
    private static let genericExecutor = unsafeBitCast((0, 0) as (Int, Int), to: UnownedSerialExecutor.self)
}
