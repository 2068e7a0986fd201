import Dispatch

/// Finds the job that holds a clock's tasks up (``ScheduleStall``): a timer, running while any virtual clock exists,
/// that has ``TaskTracker`` look at each runner's running job four times a second, and the rule that tells a stall: a
/// job is stalled when other jobs of its clock wait behind it and it has either held its thread for ``blockedBound``
/// using under a tenth of that time in CPU (it waits for something, maybe a job behind it), or run for ``busyBound``
/// whatever it did. These bounds only end a deadlock; they never choose an order.
enum JobWatchdog {
    static let blockedBound: Duration = .seconds(2)
    static let busyBound: Duration = .seconds(10)
    /// When the watchdog starts measuring a job's CPU time.
    static let sampleAfter: Duration = .milliseconds(250)
    static let interval: Duration = .milliseconds(250)

    /// Starts the timer; it runs `tick` every ``interval`` until cancelled.
    static func start(tick: @escaping @Sendable () -> Void) -> any DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: .global())
        let nanoseconds = Int(TimeFormat.nanoseconds(interval))
        timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds))
        timer.setEventHandler(handler: tick)
        timer.resume()
        return timer
    }

    /// Whether `running`, with `waiting` jobs behind it, is stalled at `now`: the stall, or `nil` (after noting the
    /// thread's CPU time in `running` for the next look).
    static func stall(of running: inout JobRunner.Running, waiting: Int, now: ContinuousClock.Instant)
        -> ScheduleStall?
    {
        let held = now - running.started
        guard waiting > 0, held >= sampleAfter else { return nil }
        let cpu = running.threadCPUTime
        guard let sample = running.sample else {
            if let cpu { running.sample = (cpu, now) }
            return held >= busyBound ? stall(running, held: held, blocked: false, waiting: waiting) : nil
        }
        let window = now - sample.at
        let blocked = cpu.map { ($0 - sample.cpu) * 10 < window } ?? false
        guard held >= busyBound || blocked && held >= blockedBound else { return nil }
        return stall(running, held: held, blocked: blocked, waiting: waiting)
    }

    /// Whether to stop waiting for the job that a runner's `holder` created its clock in: after ``blockedBound`` with
    /// jobs waiting, the task suspended on something other than the library's waits and advances (which end a hold at
    /// once), maybe a waiting job. CPU time cannot tell: a thread the system took from the task uses none either.
    static func hasEnded(_ since: ContinuousClock.Instant, waiting: Int, now: ContinuousClock.Instant) -> Bool {
        waiting > 0 && now - since >= blockedBound
    }

    private static func stall(_ running: JobRunner.Running, held: Duration, blocked: Bool, waiting: Int)
        -> ScheduleStall
    {
        // Said to a tenth of a second: the watchdog looks four times a second.
        let tenths = TimeFormat.nanoseconds(held) / 100_000_000
        return ScheduleStall(
            task: running.job.member.task, held: .milliseconds(tenths * 100), blocked: blocked, waiting: waiting)
    }
}
