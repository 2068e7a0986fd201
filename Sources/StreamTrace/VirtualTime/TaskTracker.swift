import Dispatch

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Follows the tasks of each virtual clock and runs their jobs one at a time, so that the clock knows when they have
/// all suspended and the program alone decides their order. A clock's *domain* holds the task that created the clock
/// and every task that sleeps on it or advances it. A job enqueued for the global executor joins the domain when it is
/// a member task, when the task enqueuing it is a member, when it is enqueued from inside a job of the domain, or from
/// the main actor when the domain follows the main actor (its clock was created or advanced there). Only tasks become
/// members (see ``Member``). Through ``GlobalEnqueueHook`` the tracker counts each job of a domain until it returns: a
/// domain with no job queued or running has each of its tasks finished or suspended.
///
/// The domain's ``JobRunner`` runs those jobs one at a time in the order of the clock's schedule, on a serial queue of
/// its own or, for a domain created or advanced on the main actor, on the main queue. A job of several domains runs
/// on the newest one's runner: the clock a test created last runs the test's task. Other jobs go on untouched to the
/// runtime (or to a hook installed before ours); jobs on the main actor or custom executors, and work on Dispatch
/// queues or threads, are neither counted nor ordered.
package final class TaskTracker: @unchecked Sendable {
    package static let shared = TaskTracker()

    private struct Domain {
        var members: Set<Member> = []
        /// Tracked jobs queued or running.
        var pending = 0
        var activity: UInt64 = 0
        var settling: [Member: Int] = [:]
        var followsMainActor = false
        var idleWaiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var hasRunJobs = false
        var onStall: (@Sendable (ScheduleStall) -> Void)?
    }

    private let lock = Lock()
    private var domains: [UInt64: Domain] = [:]
    /// Each domain's runner, under the domain's ID; an orphaned runner outlives its domain until its queue is empty.
    private var runners: [UInt64: JobRunner] = [:]
    private var membership: [Member: [UInt64]] = [:]
    private var nextID: UInt64 = 0
    /// `nil` while the hook is not installed; else the hook it replaced.
    private var previousHook: GlobalEnqueueHook.Hook??
    private var watchdog: (any DispatchSourceTimer)?

    /// Whether jobs can be followed at all (the runtime's hook was found).
    package var isAvailable: Bool { GlobalEnqueueHook.slot != nil }

    /// A new domain with the current task (if any) as its first member, whose jobs run in the order of `schedule` on
    /// a runner of its own, held until the current task's job ends (``JobRunner/holder``).
    package func makeDomain(
        schedule: TestClock.Schedule = .inOrder, onStall: (@Sendable (ScheduleStall) -> Void)? = nil
    ) -> UInt64 {
        let task = Self.currentTask()
        let onMainActor = Self.isOnMainQueue()
        _ = (GlobalEnqueueHook.slot, Member.readTaskID)  // dlsym, once, outside the lock
        return lock.withLock {
            if domains.isEmpty, previousHook == nil, let previous = GlobalEnqueueHook.install() {
                previousHook = .some(previous)
                watchdog = JobWatchdog.start { [unowned self] in self.lookForStalls() }
            }
            nextID += 1
            let id = nextID
            runners[id] = JobRunner(schedule: schedule)
            if task != nil, onMainActor { runners[id]?.targetsMain = true }
            if let task, !onMainActor {
                // The creator's job runs off the new runner: nothing else runs before it ends.
                runners[id]?.holder = (task, .now)
            }
            domains[id] = Domain(followsMainActor: onMainActor, onStall: onStall)
            if let task { join(task, id) }
            return id
        }
    }

    /// Ends a domain (the hook goes with the last one); jobs already queued still run, one at a time.
    package func removeDomain(_ id: UInt64) {
        var release: (runner: UInt64, queue: DispatchQueue)?
        let waiters = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            guard let domain = domains.removeValue(forKey: id) else { return [] }
            for member in domain.members {
                membership[member]?.removeAll { $0 == id }
                if membership[member]?.isEmpty == true { membership[member] = nil }
            }
            runners[id]?.isOrphaned = true
            runners[id]?.holder = nil
            release = runners[id]?.dispatchIfFree().map { (id, $0) }
            removeRunnerIfDone(id)
            if domains.isEmpty, let previous = previousHook {
                GlobalEnqueueHook.uninstall(restoring: previous)
                previousHook = nil
                watchdog?.cancel()
                watchdog = nil
            }
            return Array(domain.idleWaiters.values)
        }
        if let release { release.queue.async { self.runNext(on: release.runner) } }
        for waiter in waiters { waiter.resume() }
    }

    package func adoptCurrentTask(into id: UInt64) {
        let task = Self.currentTask()
        let onMainActor = Self.isOnMainQueue()
        lock.withLock {
            guard domains[id] != nil else { return }
            if let task { join(task, id) }
            if onMainActor {
                domains[id]?.followsMainActor = true
                if task != nil { runners[id]?.targetsMain = true }
            }
        }
    }

    /// The hook's body: a job of some domain is queued on its runner and counted, any other goes on to the runtime.
    func enqueue(_ job: UnownedJob, original: GlobalEnqueueHook.Original) {
        let member = Member(job: unsafeBitCast(job, to: UnsafeRawPointer.self))
        let task = Self.currentTask()
        let running = TrackedJob.current
        let onMainActor = Self.isOnMainQueue()
        let (queued, previous, dispatch) = lock.withLock {
            () -> (Bool, GlobalEnqueueHook.Hook?, (runner: UInt64, queue: DispatchQueue)?) in
            // A job that is no task is known by an address the runtime reuses: only where it comes from counts.
            var ids = member.isKnownForGood ? membership[member] ?? [] : []
            func add(_ more: [UInt64]) { ids += more.filter { !ids.contains($0) && domains[$0] != nil } }
            if let task, task != member, let more = membership[task] { add(more) }
            if let running { add(running) }
            if onMainActor { add(domains.filter(\.value.followsMainActor).map(\.key).sorted()) }
            guard let newest = ids.max(), domains[newest] != nil else { return (false, previousHook ?? nil, nil) }
            let dispatch = queueLocked(job, on: Self.genericExecutor, domains: ids, member: member, by: task, newest)
            return (true, nil, dispatch.map { (newest, $0) })
        }
        guard queued else {
            if let previous { previous(job, original) } else { original(job) }
            return
        }
        if let dispatch { dispatch.queue.async { self.runNext(on: dispatch.runner) } }
    }

    /// A job of a ``RunnerExecutor``: a task moving onto `runner`.
    func enqueue(_ job: UnownedJob, onRunner runner: UInt64, executor: UnownedSerialExecutor) {
        let member = Member(job: unsafeBitCast(job, to: UnsafeRawPointer.self))
        let (queued, dispatch) = lock.withLock { () -> (Bool, DispatchQueue?) in
            guard runners[runner] != nil else { return (false, nil) }
            let ids = (membership[member] ?? []).filter { $0 == runner && domains[$0] != nil }
            return (true, queueLocked(job, on: executor, domains: ids, member: member, by: nil, runner))
        }
        guard queued else {
            // Its clock went, and the runner with it: the task goes on, in no clock's order.
            return DispatchQueue.global().async { job.runSynchronously(on: executor) }
        }
        dispatch?.async { self.runNext(on: runner) }
    }

    /// Under `lock`: counts `job` in `domains` and queues it on `runner`; where to dispatch the runner's first job, if
    /// it was free. A job that resumes the runner's holder, or that the holder enqueues as it suspends, ends the hold.
    private func queueLocked(
        _ job: UnownedJob, on executor: UnownedSerialExecutor, domains ids: [UInt64], member: Member,
        by task: Member?, _ runner: UInt64
    ) -> DispatchQueue? {
        for id in ids {
            if member.isKnownForGood { join(member, id) }
            domains[id]?.pending += 1
            if domains[id]?.settling[member] == nil { domains[id]?.activity &+= 1 }
        }
        runners[runner]?.append(job, on: executor, domains: ids, member: member)
        if let holder = runners[runner]?.holder?.task, holder == member || holder == task && member.task == nil {
            runners[runner]?.holder = nil
        }
        return runners[runner]?.dispatchIfFree()
    }

    /// Runs the runner's next job, then the ones after it: on this thread while they run on the runner's own queue (up
    /// to 256 in a row, sparing each job a wait for a thread), one dispatch each on the main queue.
    private func runNext(on runner: UInt64) {
        for _ in 0..<256 {
            let thread = pthread_self()
            let next = lock.withLock { () -> JobRunner.ReadyJob? in
                let next = runners[runner]?.start(on: thread)
                for id in next?.domains ?? [] { domains[id]?.hasRunJobs = true }
                if next == nil { removeRunnerIfDone(runner) }
                return next
            }
            guard let next else { return }
            TrackedJob.within(next.domains) { next.job.runSynchronously(on: next.executor) }
            let (waiters, stillCurrent) = lock.withLock { () -> ([CheckedContinuation<Void, Never>], Bool) in
                (finishedLocked(next.domains), runners[runner]?.finish(next) ?? false)
            }
            // Their tasks' jobs join the runner's queue now, before it picks the next.
            for waiter in waiters { waiter.resume() }
            guard stillCurrent else { return }  // stalled: the runner went on without this job
            let (queue, onMain) = lock.withLock { () -> (DispatchQueue?, Bool) in
                let queue = runners[runner]?.next()
                if queue == nil { removeRunnerIfDone(runner) }
                return (queue, runners[runner]?.targetsMain ?? false)
            }
            guard let queue else { return }
            if onMain || Self.isOnMainQueue() { return queue.async { self.runNext(on: runner) } }
        }
        let queue = lock.withLock { runners[runner]?.target }
        queue?.async { self.runNext(on: runner) }
    }

    /// Moves the current task onto its runner if it runs off it (the job that created a clock, or a task that just
    /// joined one), so that what the clock's tasks do next never depends on how far the caller has got. It calls into
    /// the runner's ``RunnerExecutor/Hop`` actor, which queues it behind the jobs it started; before macOS 14 it yields
    /// instead, which moves it only if the yield's job resumes it after it has suspended.
    package func moveOntoRunner() async {
        guard let task = Self.currentTask() else { return }
        let running = TrackedJob.current
        let runner = lock.withLock { membership[task]?.max().flatMap { domains[$0] == nil ? nil : $0 } }
        // Off its runner: the thread runs no job (``TrackedJob/current``) of a domain on that runner.
        guard let runner, running?.contains(runner) != true else { return }
        if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) {
            let hop = lock.withLock { () -> RunnerExecutor.Hop in
                if let hop = runners[runner]?.hop as? RunnerExecutor.Hop { return hop }
                let hop = RunnerExecutor.Hop(RunnerExecutor(runner: runner))
                runners[runner]?.hop = hop
                return hop
            }
            await hop.enter()
        } else {
            await Task.yield()
        }
    }

    /// The domains of the job the calling thread runs, if it is one of a clock's (what ``moveOntoRunner()`` makes the
    /// current task's code).
    package static var runningDomains: [UInt64]? { TrackedJob.current }

    /// Under `lock`: forgets a runner that no domain uses, once it has nothing left to run.
    private func removeRunnerIfDone(_ runner: UInt64) {
        guard let state = runners[runner], state.isOrphaned, !state.busy, state.isEmpty else { return }
        runners[runner] = nil
    }

    /// The watchdog's look at every runner: a stalled job is left to finish on its thread while the runner goes on.
    private func lookForStalls() {
        let now = ContinuousClock.now
        var found: [(runner: UInt64, queue: DispatchQueue, stall: ScheduleStall)] = []
        var observers: [@Sendable (ScheduleStall) -> Void] = []
        var released: [(runner: UInt64, queue: DispatchQueue)] = []
        lock.withLock {
            for key in runners.keys {
                guard let waiting = runners[key]?.waitingCount else { continue }
                if let holder = runners[key]?.holder, JobWatchdog.hasEnded(holder.since, waiting: waiting, now: now) {
                    runners[key]?.holder = nil
                    if let queue = runners[key]?.dispatchIfFree() { released.append((key, queue)) }
                }
                guard var running = runners[key]?.running else { continue }
                let stall = JobWatchdog.stall(of: &running, waiting: waiting, now: now)
                runners[key]?.running = running
                guard let stall, let queue = runners[key]?.detachRunning() else { continue }
                runners[key]?.stalls.append(stall)
                found.append((key, queue, stall))
                if let observer = domains[key]?.onStall { observers.append(observer) }
            }
        }
        for (runner, queue) in released { queue.async { self.runNext(on: runner) } }
        for (runner, queue, stall) in found {
            queue.async { self.runNext(on: runner) }
            for observer in observers { observer(stall) }
        }
    }

    /// Whether what the calling thread does, running none of the domain's jobs, is in its clock's order: on the main
    /// queue when the clock's jobs run there, or before any of them has run (nothing to be out of order with).
    package func isOrderingOffItsJobs(_ id: UInt64) -> Bool {
        let onMainQueue = Self.isOnMainQueue()
        return lock.withLock {
            guard let domain = domains[id] else { return true }
            return !domain.hasRunJobs || onMainQueue && runners[id]?.targetsMain == true
        }
    }

    package func stalls(_ id: UInt64) -> [ScheduleStall] {
        lock.withLock { domains[id] == nil ? [] : runners[id]?.stalls ?? [] }
    }

    /// Suspends until no job of the domain is queued or running, or until `bound` of wall-clock time has passed (a
    /// member that never suspends must not hang its clock).
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

    /// How many jobs of the domain have been enqueued, less the current task's own while it settles.
    package func activity(_ id: UInt64) -> UInt64 {
        lock.withLock { domains[id]?.activity ?? 0 }
    }

    /// Leaves the current task's own jobs out of ``activity(_:)`` until ``endSettling(_:)``.
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

    /// Under `lock`: a job of `ids` returned; the idle waits it ends.
    private func finishedLocked(_ ids: [UInt64]) -> [CheckedContinuation<Void, Never>] {
        var waiters: [CheckedContinuation<Void, Never>] = []
        for id in ids where domains[id] != nil {
            domains[id]?.pending -= 1
            if domains[id]?.pending == 0, let idle = domains[id]?.idleWaiters, !idle.isEmpty {
                waiters += idle.keys.sorted().compactMap { idle[$0] }
                domains[id]?.idleWaiters = [:]
            }
        }
        return waiters
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

    /// Whether the caller runs on the main queue: the main actor's executor, whichever thread drains it.
    private static func isOnMainQueue() -> Bool {
        DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    /// The current task, which is also the job that starts or resumes it.
    private static func currentTask() -> Member? {
        withUnsafeCurrentTask { task in task.map { Member(job: unsafeBitCast($0, to: UnsafeRawPointer.self)) } }
    }

    /// The generic executor (no actor), as the global executor passes it.
    private static let genericExecutor = unsafeBitCast((0, 0) as (Int, Int), to: UnownedSerialExecutor.self)

    /// A job as a clock's domain knows it. A task is known by its ID (`swift_task_getJobTaskId`), which the runtime
    /// never hands out twice: it reuses a task's memory as soon as the task ends, so an address would pass membership
    /// on to whatever took its place. A job that is no task (an actor's, a continuation's) is known by its address and
    /// never becomes a member (``isKnownForGood``). Where the runtime's function cannot be found, every job is known by
    /// its address and kept as a member all the same.
    struct Member: Hashable {
        private let taskID: UInt64
        private let address: UInt

        init(job: UnsafeRawPointer) {
            taskID = Self.readTaskID?(job) ?? 0
            address = taskID == 0 ? UInt(bitPattern: job) : 0
        }

        var task: UInt64? { taskID == 0 ? nil : taskID }

        /// Whether it names one job for as long as the domain lives: a task's ID, or any job where IDs cannot be read.
        var isKnownForGood: Bool { taskID != 0 || Self.readTaskID == nil }

        /// The runtime's function, found once (``TaskTracker`` looks it up before installing the hook).
        static let readTaskID = SystemCall.symbol("swift_task_getJobTaskId").map {
            unsafeBitCast($0, to: (@convention(thin) (UnsafeRawPointer) -> UInt64).self)
        }
    }
}
