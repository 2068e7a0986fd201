/// One iteration's trace: starts it on the first `next()` (header, clock, `subscribe` at `t` 0), writes how the
/// iteration ends, or `cancel` if it is dropped first. Elements go through the writer ``started()`` returns.
final class IterationTracer<Element, Failure: Error>: @unchecked Sendable {
    private let start: @Sendable () -> TraceWriter<Element, Failure>
    private let lock = Lock()
    private var writer: TraceWriter<Element, Failure>?
    private var ended = false

    init(start: @escaping @Sendable () -> TraceWriter<Element, Failure>) {
        self.start = start
    }

    /// Starts the trace the first time and returns its writer, which the iterator keeps: elements take no lock here.
    func started() -> TraceWriter<Element, Failure> {
        let (writer, isNew) = lock.withLock { () -> (TraceWriter<Element, Failure>, Bool) in
            if let existing = self.writer { return (existing, false) }
            let new = start()
            self.writer = new
            return (new, true)
        }
        if isNew { writer.write(.subscribe) }
        return writer
    }

    /// Writes the terminal event.
    func end(_ event: StreamEvent<Element, Failure>) {
        lock.withLock {
            ended = true
            return writer
        }?.write(event)
    }

    /// Passes on what the base's `next()` returned: an element is written as a value through `writer`, the end as
    /// `finished`. Without a tracer (a later iteration) nothing is written.
    static func passing(
        _ element: Element?, _ tracer: IterationTracer?, _ writer: TraceWriter<Element, Failure>?
    ) -> Element? {
        guard let element else {
            tracer?.end(.finished)
            return nil
        }
        writer?.write(.value(element))
        return element
    }

    deinit {
        if let writer, !ended { writer.write(.cancel) }
    }
}
