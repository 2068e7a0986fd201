import Dispatch

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The jobs of one or more clock domains, run one at a time: the queue of ready jobs, the pick of the next one (first
/// ready first, or drawn from the schedule's seed), and the job running now. Kept by ``TaskTracker`` and changed only
/// under its lock; the tracker dispatches each job to ``target`` once the one before it has returned, so that two
/// never run at once, whatever thread runs them.
struct JobRunner {
    /// A job the runner took from the runtime, with the domains that count it.
    struct ReadyJob {
        let job: UnownedJob
        /// What the job runs on: the generic executor, or a ``RunnerExecutor``.
        let executor: UnownedSerialExecutor
        let domains: [UInt64]
        let member: TaskTracker.Member
        /// The runner's count of jobs when this one became ready.
        let serial: UInt64
    }

    struct Running {
        let job: ReadyJob
        let thread: pthread_t
        let started: ContinuousClock.Instant
        /// The thread's CPU time when the watchdog first looked, and when.
        var sample: (cpu: Duration, at: ContinuousClock.Instant)?

        /// The CPU time `thread` has used so far, read from another thread (how ``JobWatchdog`` tells a job that
        /// blocks its thread from a busy one); `nil` where it cannot be read.
        var threadCPUTime: Duration? {
            #if canImport(Darwin)
            let port = pthread_mach_thread_np(thread)
            var info = thread_basic_info()
            var count = mach_msg_type_number_t(MemoryLayout<thread_basic_info>.size / MemoryLayout<natural_t>.size)
            let result = withUnsafeMutablePointer(to: &info) { pointer in
                pointer.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
                    thread_info(port, thread_flavor_t(THREAD_BASIC_INFO), $0, &count)
                }
            }
            guard result == KERN_SUCCESS else { return nil }
            let seconds = Int64(info.user_time.seconds) + Int64(info.system_time.seconds)
            let microseconds = Int64(info.user_time.microseconds) + Int64(info.system_time.microseconds)
            return .seconds(seconds) + .microseconds(microseconds)
            #elseif canImport(Glibc) || canImport(Musl)
            var clock = clockid_t()
            guard pthread_getcpuclockid(thread, &clock) == 0 else { return nil }
            var time = timespec()
            guard clock_gettime(clock, &time) == 0 else { return nil }
            return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
            #else
            return nil
            #endif
        }
    }

    private var ready: [ReadyJob] = []
    private var head = 0
    private var serial: UInt64 = 0
    /// Draws the next job under a random schedule; `nil` in order.
    private var generator: SeededGenerator?
    /// Whether a job is dispatched or running: the next one is dispatched when it returns.
    var busy = false
    var running: Running?
    /// The task that created the clock, while the job it was running then may still run: that job began off the
    /// runner, and no other job runs until it ends.
    var holder: (task: TaskTracker.Member, since: ContinuousClock.Instant)?
    /// Whether jobs run on the main queue, between the main actor's own (a domain created or advanced there).
    var targetsMain = false
    /// The serial queue for jobs off the main queue; replaced when a job stalls it (``detachRunning()``).
    private var queue: DispatchQueue
    /// Whether its domain is gone: the runner goes too, once its queue is empty.
    var isOrphaned = false
    var stalls: [ScheduleStall] = []

    /// The actor a task calls to move onto the runner (``RunnerExecutor``), made when first needed.
    var hop: (any Actor)?

    init(schedule: TestClock.Schedule) {
        generator = schedule.generator(stream: 1)
        queue = Self.makeQueue()
    }

    var target: DispatchQueue { targetsMain ? .main : queue }

    var isEmpty: Bool { head == ready.count }

    var waitingCount: Int { ready.count - head }

    mutating func append(
        _ job: UnownedJob, on executor: UnownedSerialExecutor, domains: [UInt64], member: TaskTracker.Member
    ) {
        serial &+= 1
        ready.append(ReadyJob(job: job, executor: executor, domains: domains, member: member, serial: serial))
    }

    /// Takes the next job (the first ready, or one drawn from the seed) as the running one; `nil` if none is ready.
    mutating func start(on thread: pthread_t) -> ReadyJob? {
        guard !isEmpty else {
            busy = false
            return nil
        }
        let job: ReadyJob
        if var generator, waitingCount > 1 {
            let index = head + generator.index(below: waitingCount)
            self.generator = generator
            job = ready[index]
            ready[index] = ready[head]
        } else {
            job = ready[head]
        }
        head += 1
        if head == ready.count || head >= 1024 && head * 2 >= ready.count {
            ready.removeFirst(head)
            head = 0
        }
        running = Running(job: job, thread: thread, started: .now)
        return job
    }

    /// Ends the running job; whether it was still the runner's (a stalled job is detached as the runner goes on).
    mutating func finish(_ job: ReadyJob) -> Bool {
        guard running?.job.serial == job.serial else { return false }
        running = nil
        return true
    }

    /// Where to dispatch the first job once the runner is free (not busy, not held) and a job is ready; makes it busy.
    mutating func dispatchIfFree() -> DispatchQueue? {
        guard !busy, holder == nil, !isEmpty else { return nil }
        busy = true
        return target
    }

    /// Where to dispatch the next job, if any is ready; else the runner is no longer busy.
    mutating func next() -> DispatchQueue? {
        if isEmpty { busy = false }
        return isEmpty ? nil : target
    }

    /// Lets the runner go on without its running job, which holds its thread: later jobs run on a new queue, off the
    /// main queue (which the job may hold).
    mutating func detachRunning() -> DispatchQueue {
        running = nil
        targetsMain = false
        queue = Self.makeQueue()
        return queue
    }

    private static func makeQueue() -> DispatchQueue {
        DispatchQueue(label: "StreamTrace.TestClock.jobs")
    }
}

/// The domains of the tracked job running on the current thread, so that what it enqueues (a task it starts or
/// resumes, or one that an actor job runs) joins them too.
enum TrackedJob {
    /// The thread's slot: its running job's domains, `nil` between jobs.
    private typealias Slot = UnsafeMutablePointer<[UInt64]?>

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
        pthread_key_create(&key) { release($0) }
        #else
        pthread_key_create(&key) { $0.map(release) }
        #endif
        return key
    }()

    /// Frees a thread's slot when the thread ends.
    private static func release(_ pointer: UnsafeMutableRawPointer) {
        let slot = pointer.assumingMemoryBound(to: [UInt64]?.self)
        slot.deinitialize(count: 1)
        slot.deallocate()
    }

    /// This thread's slot, made at its first tracked job.
    private static var slot: Slot {
        if let pointer = pthread_getspecific(key) { return pointer.assumingMemoryBound(to: [UInt64]?.self) }
        let slot = Slot.allocate(capacity: 1)
        slot.initialize(to: nil)
        pthread_setspecific(key, slot)
        return slot
    }

    /// The domains of the job this thread is running, if it is a tracked one.
    static var current: [UInt64]? {
        pthread_getspecific(key)?.assumingMemoryBound(to: [UInt64]?.self).pointee
    }

    /// Runs `body` with `ids` as the thread's ``current``: a job, or a clock's scheduled actions, which its synchronous
    /// advance runs on the caller's thread.
    static func within(_ ids: [UInt64], _ body: () -> Void) {
        let slot = slot
        let previous = slot.pointee
        slot.pointee = ids
        body()
        slot.pointee = previous
    }
}
