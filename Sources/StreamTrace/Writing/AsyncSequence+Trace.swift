extension AsyncSequence where Self: Sendable {
    /// Passes every element through unchanged, and writes the first
    /// iteration's events to `sink` as they happen. Nothing is kept in
    /// memory; later iterations pass through untraced.
    ///
    /// An iteration that stops early (a `break`, or a cancelled task)
    /// writes `cancel` when its iterator is released.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    public func trace<C: Clock>(to sink: any TraceSink, name: String? = nil, clock: C) -> TracedAsyncSequence<Self>
    where C.Duration == Duration {
        let claim = SinkClaim(sink)
        return TracedAsyncSequence(base: self) {
            claim.take().map { TraceWriter<Element, Failure>(name: name, clock: clock, sink: $0) }
        }
    }

    /// Traces on `ContinuousClock`. See ``trace(to:name:clock:)``.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    public func trace(to sink: any TraceSink, name: String? = nil) -> TracedAsyncSequence<Self> {
        trace(to: sink, name: name, clock: ContinuousClock())
    }
}

/// An AsyncSequence that forwards its base unchanged and traces it.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
public struct TracedAsyncSequence<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable {
    public typealias Element = Base.Element
    public typealias Failure = Base.Failure

    let base: Base
    let makeWriter: @Sendable () -> TraceWriter<Element, Failure>?

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), tracer: makeWriter().map(Tracer.init))
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let tracer: Tracer?

        public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Element? {
            tracer?.startIfNeeded()
            do {
                guard let element = try await base.next(isolation: actor) else {
                    tracer?.end(.finished)
                    return nil
                }
                tracer?.writer.write(.value(element))
                return element
            } catch {
                tracer?.end(.failure(error))
                throw error
            }
        }

        public mutating func next() async throws(Failure) -> Element? {
            try await next(isolation: nil)
        }
    }

    /// Writes `subscribe` on the first `next()`, and `cancel` if the
    /// iteration is dropped before it ends.
    final class Tracer: @unchecked Sendable {
        let writer: TraceWriter<Element, Failure>
        private let lock = Lock()
        private var started = false
        private var ended = false

        init(writer: TraceWriter<Element, Failure>) {
            self.writer = writer
        }

        func startIfNeeded() {
            let first = lock.withLock { () -> Bool in
                defer { started = true }
                return !started
            }
            if first { writer.write(.subscribe) }
        }

        func end(_ event: StreamEvent<Element, Failure>) {
            lock.withLock { ended = true }
            writer.write(event)
        }

        deinit {
            if started, !ended { writer.write(.cancel) }
        }
    }
}
