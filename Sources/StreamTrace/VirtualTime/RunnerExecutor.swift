/// A serial executor whose jobs a ``JobRunner`` runs in turn with the others: where a task goes to move onto the
/// runner for certain. A task calls into ``Hop``, an actor on this executor, and the runtime must queue it here to
/// switch, as it never runs a custom executor's job inline. `Task.yield()` is no such hop: its job may resume the task
/// before the task has suspended.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class RunnerExecutor: SerialExecutor, @unchecked Sendable {
    let runner: UInt64

    init(runner: UInt64) {
        self.runner = runner
    }

    func enqueue(_ job: consuming ExecutorJob) {
        TaskTracker.shared.enqueue(UnownedJob(job), onRunner: runner, executor: asUnownedSerialExecutor())
    }

    actor Hop {
        let executor: RunnerExecutor

        init(_ executor: RunnerExecutor) {
            self.executor = executor
        }

        nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

        /// How many tasks entered: state of the actor's own, so that the hop onto its executor is a hop. With an empty
        /// `enter()` the optimizer drops the hop as useless (it does in release builds: the task never moved, and a
        /// test exploring schedules waited on a held runner until its bound, 10 s at each step).
        private var entries = 0

        func enter() { entries &+= 1 }
    }
}
