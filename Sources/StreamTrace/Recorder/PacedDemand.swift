/// The demand of a paced consumer (`record(clock:demand:)`): what its demand diagram has granted and it has not yet
/// pulled. A grant while the consumer waits lets it pull at once; grants while it is still waiting for an element
/// accumulate, so that it pulls again as soon as that element arrives.
final class PacedDemand: @unchecked Sendable {
    private let lock = Lock()
    private var granted = 0
    private var waiter: CheckedContinuation<Bool, Never>?
    private var cancelled = false

    /// Grants `count` more pulls.
    func grant(_ count: Int) {
        let resumed = lock.withLock { () -> CheckedContinuation<Bool, Never>? in
            granted += count
            guard let waiter else { return nil }
            granted -= 1
            self.waiter = nil
            return waiter
        }
        resumed?.resume(returning: true)
    }

    /// Suspends until a pull is granted, and takes it: `true`; `false` once the task is cancelled.
    func take() async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let ready = lock.withLock { () -> Bool? in
                    if cancelled { return false }
                    guard granted > 0 else {
                        waiter = continuation
                        return nil
                    }
                    granted -= 1
                    return true
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            let waiting = lock.withLock { () -> CheckedContinuation<Bool, Never>? in
                cancelled = true
                return waiter.take()
            }
            waiting?.resume(returning: false)
        }
    }
}
