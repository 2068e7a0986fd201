/// One iteration's trace: starts it on the first `next()` (header, clock, `subscribe` at `t` 0), writes each element
/// and how the iteration ends, or `cancel` if it is dropped first. No lock: like the iterators that share it, it is
/// used by one task at a time.
final class IterationTracer<Element, Failure: Error> {
    private let start: @Sendable () -> TraceWriter<Element, Failure>
    private var writer: TraceWriter<Element, Failure>?
    private var ended = false

    init(start: @escaping @Sendable () -> TraceWriter<Element, Failure>) {
        self.start = start
    }

    func begin() {
        guard writer == nil else { return }
        writer = start()
        writer?.write(.subscribe)
    }

    func end(_ event: StreamEvent<Element, Failure>) {
        ended = true
        writer?.write(event)
    }

    /// Passes on what the base's `next()` returned: an element is written as a value, the end as `finished`. Without
    /// a tracer (a later iteration) nothing is written.
    static func passing(_ element: Element?, _ tracer: IterationTracer?) -> Element? {
        guard let element else {
            tracer?.end(.finished)
            return nil
        }
        tracer?.writer?.write(.value(element))
        return element
    }

    deinit {
        if let writer, !ended { writer.write(.cancel) }
    }
}
