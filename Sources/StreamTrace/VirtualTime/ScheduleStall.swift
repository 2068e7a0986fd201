/// A job of a clock's tasks that held its thread while other jobs of those tasks waited behind it. A job that blocks
/// until another of the clock's jobs has run (a semaphore, a lock, a blocking wait) would wait forever, as the clock
/// runs them one at a time: the watchdog lets the waiting jobs run beside it from then on, out of the clock's order,
/// and reports it as a failure, as it does a job that runs long without suspending.
package struct ScheduleStall: Sendable, Equatable, CustomStringConvertible {
    /// The ID of the job's task; `nil` for a job that is no task's, such as an actor's.
    package var task: UInt64?
    /// How long the job had held its thread.
    package var held: Duration
    /// Whether the thread was blocked (used almost no CPU), rather than busy.
    package var blocked: Bool
    /// How many of the clock's jobs were waiting to run.
    package var waiting: Int

    /// `TestClock: the job of task 42 blocked its thread for 2s while 1 other job of the clock's tasks waited …`
    package var description: String {
        let job = task.map { "the job of task \($0)" } ?? "an actor's job"
        let what = blocked ? "blocked its thread" : "ran without suspending"
        let others = waiting == 1 ? "1 other job" : "\(waiting) other jobs"
        return "TestClock: \(job) \(what) for \(TimeFormat.short(held)) while \(others) of the clock's tasks "
            + "waited to run. The clock runs its tasks' jobs one at a time, so a job that blocks until another "
            + "has run (a semaphore, a lock, a blocking wait) never returns: await instead. The waiting jobs "
            + "run beside it from now on, in an order that is no longer the clock's."
    }
}
