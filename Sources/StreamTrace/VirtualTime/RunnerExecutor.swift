/// A serial executor whose jobs a ``JobRunner`` runs, in turn with the
/// others: where a task goes to move onto the runner for certain.
///
/// A task that runs off its clock's runner (the job that created the clock)
/// gets onto it by calling into ``Hop``, an actor on this executor: the
/// runtime must queue the task here to switch to it, and it never runs a
/// job of a custom executor inline. (`Task.yield()` is no such hop: its job
/// may resume the task before the task has suspended, and the task then
/// goes on where it was.) From the hop the task goes on as one of the
/// runner's jobs.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class RunnerExecutor: SerialExecutor, @unchecked Sendable {
    let runner: UInt64

    init(runner: UInt64) {
        self.runner = runner
    }

    func enqueue(_ job: consuming ExecutorJob) {
        TaskTracker.shared.enqueue(UnownedJob(job), onRunner: runner, executor: asUnownedSerialExecutor())
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// The actor a task calls to move onto the runner.
    actor Hop {
        let executor: RunnerExecutor

        init(_ executor: RunnerExecutor) {
            self.executor = executor
        }

        nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

        func enter() {}
    }
}
