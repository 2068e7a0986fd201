/// The task of a consumer that subscribes later than its recorder's creation: cancelling it before it starts cancels
/// it as it starts.
final class ConsumerTask: @unchecked Sendable {
    private let lock = Lock()
    private var task: Task<Void, Never>?
    private var cancelled = false

    /// Starts `body` in a task, cancelled at once if ``cancel()`` came first.
    func start(_ body: @escaping @Sendable () async -> Void) {
        let task = Task { await body() }
        if lock.withLock({ () -> Bool in
            self.task = task
            return cancelled
        }) {
            task.cancel()
        }
    }

    func cancel() {
        lock.withLock { () -> Task<Void, Never>? in
            cancelled = true
            return task
        }?.cancel()
    }
}
