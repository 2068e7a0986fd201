/// Suspends a task until it is cancelled: a source whose diagram has no end waits so, rather than asleep on its clock
/// (which `run()` would advance to the end of time).
final class Suspension: @unchecked Sendable {
    private let lock = Lock()
    private var continuation: CheckedContinuation<Void, Never>?
    private var cancelled = false

    /// Returns once the current task is cancelled (at once if it is).
    static func untilCancelled() async {
        let suspension = Suspension()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in suspension.hold(continuation) }
        } onCancel: {
            suspension.cancel()
        }
    }

    private func hold(_ continuation: CheckedContinuation<Void, Never>) {
        let resumeNow = lock.withLock {
            if cancelled { return true }
            self.continuation = continuation
            return false
        }
        if resumeNow { continuation.resume() }
    }

    private func cancel() {
        let held = lock.withLock {
            cancelled = true
            defer { continuation = nil }
            return continuation
        }
        held?.resume()
    }
}
