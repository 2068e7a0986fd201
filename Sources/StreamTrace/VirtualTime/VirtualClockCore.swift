/// What ``TestClock`` and `TestScheduler` share: a ``VirtualTimeline``, the
/// clock's domain in ``TaskTracker``, and advancing that waits for the
/// clock's tasks.
package final class VirtualClockCore: Sendable {
    package let timeline: VirtualTimeline
    package let domain: UInt64

    /// How long, in wall-clock time, one settling step waits for the clock's
    /// tasks before it moves on anyway: a task that never suspends (a busy
    /// loop, a blocking wait) must not hang the test.
    package static let settleBound: Duration = .seconds(10)

    /// A core at `now`, whose domain starts with the current task.
    package init(now: Duration) {
        timeline = VirtualTimeline(now: now)
        domain = TaskTracker.shared.makeDomain()
    }

    deinit {
        TaskTracker.shared.removeDomain(domain)
    }

    /// Sleeps on the timeline, as a member of the clock's domain.
    package func sleep(until deadline: Duration) async throws {
        TaskTracker.shared.adoptCurrentTask(into: domain)
        try await timeline.sleep(until: deadline)
    }

    /// Lets the clock's tasks run until each has finished or is suspended.
    ///
    /// Called on an actor (`isolation`), it also lets that actor run the
    /// jobs queued on it first — for the main actor, whose jobs the tracker
    /// cannot see, this is what makes a `@MainActor` model deterministic —
    /// and repeats until a round brings no new job.
    package func settle(isolation: isolated (any Actor)? = #isolation) async {
        let tracker = TaskTracker.shared
        guard tracker.isAvailable else {
            // Best effort where the runtime's hook is missing (not Linux, not Darwin).
            for _ in 0..<50 { await Task.yield() }
            return
        }
        tracker.adoptCurrentTask(into: domain)
        guard isolation != nil else {
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

    /// Settles, then wakes, one at a time and settling after each, every
    /// sleeper and action due by `deadline`; then moves the time there.
    package func advance(to deadline: Duration, isolation: isolated (any Actor)? = #isolation) async {
        await settle()
        while let work = timeline.takeNext(until: deadline) {
            perform(work)
            await settle()
        }
        timeline.move(to: deadline)
    }

    /// Advances to the last deadline until nothing is queued.
    package func run(isolation: isolated (any Actor)? = #isolation) async {
        await settle()
        while let last = timeline.lastDeadline {
            await advance(to: last)
        }
    }

    /// Runs every sleeper and action due by `deadline` without waiting for
    /// any task (for synchronous callers).
    package func advanceWithoutSettling(to deadline: Duration) {
        while let work = timeline.takeNext(until: deadline) {
            perform(work)
        }
        timeline.move(to: deadline)
    }

    /// Suspends until at least `count` tasks sleep on the clock, then lets
    /// the clock's tasks settle.
    package func waitForSleepers(
        atLeast count: Int, timeout: Duration, isolation: isolated (any Actor)? = #isolation
    ) async throws {
        TaskTracker.shared.adoptCurrentTask(into: domain)
        try await timeline.waitForSleepers(atLeast: count, timeout: timeout)
        await settle()
    }

    private func perform(_ work: VirtualTimeline.Work) {
        switch work {
        case .wake(let continuation): continuation.resume()
        case .run(let action): action()
        }
    }
}
