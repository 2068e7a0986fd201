/// What ``TestClock`` and `TestScheduler` share: a ``VirtualTimeline``, a ``TaskTracker`` domain and settling advances.
@usableFromInline
package final class VirtualClockCore: @unchecked Sendable {
    package let timeline: VirtualTimeline
    package let domain: UInt64
    package let schedule: TestClock.Schedule
    package let run: ScheduleRun?
    /// The ``TestStream``s created on the clock, which its marble expectations read.
    package let inputs = TestStreamRegistry()
    /// Where the clock was created: where a stall of its tasks is reported.
    private let origin: TestLocation?
    private let lock = Lock()
    private var reportedStalls = 0

    /// How long, in wall-clock time, one settling step waits for the clock's tasks before it moves on anyway: a task
    /// that never suspends must not hang the test.
    package static let settleBound: Duration = .seconds(10)

    /// A core at `now` whose domain starts with the current task.
    package init(now: Duration, schedule: TestClock.Schedule = .current, origin: TestLocation? = nil) {
        let run = ScheduleRun.current
        self.schedule = schedule
        self.run = run
        self.origin = origin
        timeline = VirtualTimeline(now: now, schedule: schedule)
        domain = TaskTracker.shared.makeDomain(schedule: schedule) { [run] stall in run?.keep(stall) }
    }

    deinit {
        TaskTracker.shared.removeDomain(domain)
    }

    package func sleep(until deadline: Duration) async throws {
        TaskTracker.shared.adoptCurrentTask(into: domain)
        await TaskTracker.shared.moveOntoRunner()
        try await timeline.sleep(until: deadline)
    }

    /// Lets the clock's tasks run until each has finished or is suspended. Called on an actor (`isolation`), it also
    /// lets that actor run the jobs queued on it first, and repeats until a round brings no new job: the tracker cannot
    /// see the main actor's jobs, and this is what makes a `@MainActor` model deterministic.
    package func settle(isolation: isolated (any Actor)? = #isolation) async {
        let tracker = TaskTracker.shared
        guard tracker.isAvailable else {
            // Best effort where the runtime's hook is missing (not Linux, not Darwin).
            for _ in 0..<50 { await Task.yield() }
            return
        }
        tracker.adoptCurrentTask(into: domain)
        guard isolation != nil else {
            await tracker.moveOntoRunner()
            return await tracker.waitUntilIdle(domain, bound: Self.settleBound)
        }
        tracker.beginSettling(domain)
        defer { tracker.endSettling(domain) }
        let deadline = ContinuousClock.now + Self.settleBound
        while true {
            let before = tracker.activity(domain)
            await Task.yield()
            await tracker.waitUntilIdle(domain, bound: Self.settleBound)
            if tracker.activity(domain) == before || ContinuousClock.now >= deadline { return }
        }
    }

    /// Settles, then wakes every sleeper and runs every action due by `deadline`, settling after each (in order) or
    /// after each instant's (a random schedule); then moves the time there and reports the stalls found meanwhile.
    package func advance(to deadline: Duration, isolation: isolated (any Actor)? = #isolation) async {
        await settle()
        while let due = timeline.takeDue(until: deadline) {
            for work in due { perform(work) }
            await settle()
        }
        timeline.move(to: deadline)
        reportStalls()
    }

    package func run(isolation: isolated (any Actor)? = #isolation) async {
        await settle()
        while let last = timeline.lastDeadline {
            await advance(to: last)
        }
        reportStalls()
    }

    /// Runs every sleeper and action due by `deadline` without waiting for any task (for synchronous callers).
    package func advanceWithoutSettling(to deadline: Duration) {
        while let due = timeline.takeDue(until: deadline) {
            // In the clock's order, as its jobs are: a task an action starts is the clock's too.
            TrackedJob.within([domain]) { for work in due { perform(work) } }
        }
        timeline.move(to: deadline)
    }

    /// Suspends until at least `count` tasks sleep on the clock, then lets the clock's tasks settle.
    package func waitForSleepers(
        atLeast count: Int, timeout: Duration, isolation: isolated (any Actor)? = #isolation
    ) async throws {
        TaskTracker.shared.adoptCurrentTask(into: domain)
        await TaskTracker.shared.moveOntoRunner()
        try await timeline.waitForSleepers(atLeast: count, timeout: timeout)
        await settle()
        reportStalls()
    }

    /// Whether the calling thread runs in the clock's order: a job of the clock's tasks, an action a synchronous
    /// advance runs, the main queue when the clock runs its jobs there, or anywhere before the clock has run a job.
    package func isOrderingCurrentThread() -> Bool {
        if let running = TrackedJob.current, running.contains(domain) { return true }
        return TaskTracker.shared.isOrderingOffItsJobs(domain)
    }

    /// Reports each stall found since the last report to the test framework, at the clock's creation.
    private func reportStalls() {
        let stalls = TaskTracker.shared.stalls(domain)
        let new = lock.withLock { () -> ArraySlice<ScheduleStall> in
            defer { reportedStalls = stalls.count }
            return stalls.dropFirst(reportedStalls)
        }
        guard let origin else { return }
        for stall in new { TestFrameworkReporter.report(stall.description, at: origin) }
    }

    private func perform(_ work: VirtualTimeline.Work) {
        switch work {
        case .wake(let continuation): continuation.resume()
        case .run(let action): action()
        }
    }
}
