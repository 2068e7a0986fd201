/// Writes one iteration's trace: starts it (header, clock, `subscribe` at
/// `t` 0) on the first `next()`, then writes what each `next()` returns or
/// throws, and `cancel` if the iteration is dropped before it ends. Shared
/// by the traced sequences.
final class IterationTracer<Element, Failure: Error>: @unchecked Sendable {
    private let start: @Sendable () -> TraceWriter<Element, Failure>
    private let lock = Lock()
    private var writer: TraceWriter<Element, Failure>?
    private var ended = false

    init(start: @escaping @Sendable () -> TraceWriter<Element, Failure>) {
        self.start = start
    }

    /// Starts the trace the first time.
    func startIfNeeded() {
        let started = lock.withLock { () -> TraceWriter<Element, Failure>? in
            guard writer == nil else { return nil }
            writer = start()
            return writer
        }
        started?.write(.subscribe)
    }

    /// Writes an event that is not the last.
    func write(_ event: StreamEvent<Element, Failure>) {
        lock.withLock { writer }?.write(event)
    }

    /// Writes the terminal event.
    func end(_ event: StreamEvent<Element, Failure>) {
        lock.withLock {
            ended = true
            return writer
        }?.write(event)
    }

    deinit {
        if let writer, !ended { writer.write(.cancel) }
    }
}
