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

        func enter() {}
    }
}
