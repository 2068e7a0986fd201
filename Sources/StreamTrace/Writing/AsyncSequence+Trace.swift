extension AsyncSequence where Self: Sendable {
    /// Passes every element through unchanged, and writes the first iteration's events to `sink` as they happen.
    /// Nothing is kept in memory; later iterations pass through untraced.
    ///
    /// The trace starts with the subscription, the iteration's first `next()`: the header is written then (`at` and
    /// `started` are that moment) and `subscribe` is at `t` 0. An iteration that stops early (a `break`, or a cancelled
    /// task) writes `cancel` when its iterator is released.
    ///
    /// This overload keeps the sequence's typed throws (`Failure`), which need macOS 15, iOS 18, tvOS 18 or watchOS 11
    /// (or Linux); the compiler chooses it there. Before those versions the same call resolves to the overload that
    /// returns an ``UntypedTracedAsyncSequence`` (any error), and an `AsyncStream` is traced as a ``TracedAsyncStream``
    /// on every version.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    public func trace<C: Clock>(to sink: any TraceSink, name: String? = nil, clock: C = ContinuousClock())
        -> TracedAsyncSequence<Self>
    where C.Duration == Duration {
        TracedAsyncSequence(base: self, claimWriter: SinkClaim.writers(to: sink, name: name, clock: clock))
    }
}

/// An AsyncSequence that forwards its base unchanged and traces it, with the base's typed throws.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
public struct TracedAsyncSequence<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable {
    public typealias Element = Base.Element
    public typealias Failure = Base.Failure

    let base: Base
    /// For the first iteration only: what starts its trace.
    let claimWriter: @Sendable () -> (@Sendable () -> TraceWriter<Element, Failure>)?

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), tracer: claimWriter().map(IterationTracer.init))
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let tracer: IterationTracer<Element, Failure>?

        public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Element? {
            tracer?.begin()
            do {
                return IterationTracer.passing(try await base.next(isolation: actor), tracer)
            } catch {
                tracer?.end(.failure(error))
                throw error
            }
        }

        public mutating func next() async throws(Failure) -> Element? {
            try await next(isolation: nil)
        }
    }
}
