/// Writes one iteration's events: `subscribe` on its first `next()`, then
/// what each `next()` returns or throws, and `cancel` if the iteration is
/// dropped before it ends. Shared by the traced sequences.
final class IterationTracer<Element, Failure: Error>: @unchecked Sendable {
    let writer: TraceWriter<Element, Failure>
    private let lock = Lock()
    private var started = false
    private var ended = false

    init(writer: TraceWriter<Element, Failure>) {
        self.writer = writer
    }

    /// Writes `subscribe` the first time.
    func startIfNeeded() {
        let first = lock.withLock { () -> Bool in
            defer { started = true }
            return !started
        }
        if first { writer.write(.subscribe) }
    }

    /// Writes the terminal event.
    func end(_ event: StreamEvent<Element, Failure>) {
        lock.withLock { ended = true }
        writer.write(event)
    }

    deinit {
        if started, !ended { writer.write(.cancel) }
    }
}
