import Foundation

extension AsyncSequence where Self: Sendable {
    /// Passes every element through unchanged, and writes the first
    /// iteration's events to `sink` as they happen. Nothing is kept in
    /// memory; later iterations pass through untraced.
    ///
    /// The trace starts with the subscription, the iteration's first
    /// `next()`: the header is written then (`at` and `started` are that
    /// moment) and `subscribe` is at `t` 0. An iteration that stops early (a
    /// `break`, or a cancelled task) writes `cancel` when its iterator is
    /// released.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    public func trace<C: Clock>(to sink: any TraceSink, name: String? = nil, clock: C) -> TracedAsyncSequence<Self>
    where C.Duration == Duration {
        let claim = SinkClaim(sink)
        return TracedAsyncSequence(base: self) {
            guard let sink = claim.take() else { return nil }
            return { TraceWriter<Element, Failure>(name: name, clock: clock, sink: sink) }
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
    /// For the first iteration only: what starts its trace.
    let claimWriter: @Sendable () -> (@Sendable () -> TraceWriter<Element, Failure>)?

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), tracer: claimWriter().map(Tracer.init))
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
                tracer?.write(.value(element))
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

    /// Starts the trace (header, clock, `subscribe` at 0) on the first
    /// `next()`, and writes `cancel` if the iteration is dropped before it
    /// ends.
    final class Tracer: @unchecked Sendable {
        private let start: @Sendable () -> TraceWriter<Element, Failure>
        private let lock = NSLock()
        private var writer: TraceWriter<Element, Failure>?
        private var ended = false

        init(start: @escaping @Sendable () -> TraceWriter<Element, Failure>) {
            self.start = start
        }

        func startIfNeeded() {
            let started = lock.withLock { () -> TraceWriter<Element, Failure>? in
                guard writer == nil else { return nil }
                writer = start()
                return writer
            }
            started?.write(.subscribe)
        }

        func write(_ event: StreamEvent<Element, Failure>) {
            lock.withLock { writer }?.write(event)
        }

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
}
