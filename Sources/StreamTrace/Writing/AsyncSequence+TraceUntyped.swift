extension AsyncSequence where Self: Sendable {
    /// Passes every element through unchanged, and writes the first iteration's events to `sink` as they happen,
    /// reading the sequence with `next()`: the result throws any error. Works on every OS version the package supports.
    ///
    /// Where the typed overload is available (macOS 15, iOS 18, tvOS 18, watchOS 11, Linux) the compiler prefers that
    /// one, which returns a ``TracedAsyncSequence`` with the sequence's own `Failure`; this one is chosen before those
    /// versions, or when the context asks for it. Otherwise as the typed `trace(to:name:clock:)`.
    @_disfavoredOverload
    public func trace<C: Clock>(
        to sink: any TraceSink, name: String? = nil, clock: C = ContinuousClock()
    ) -> UntypedTracedAsyncSequence<Self> where C.Duration == Duration {
        UntypedTracedAsyncSequence(base: self, claimWriter: SinkClaim.writers(to: sink, name: name, clock: clock))
    }
}

/// An AsyncSequence that forwards its base unchanged and traces it; its iterator's `next()` throws any error the base
/// throws.
public struct UntypedTracedAsyncSequence<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable {
    public typealias Element = Base.Element

    let base: Base
    /// For the first iteration only: what starts its trace.
    let claimWriter: @Sendable () -> (@Sendable () -> TraceWriter<Element, any Error>)?

    /// An iterator; the first one made writes the trace, later ones pass through untraced.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), tracer: claimWriter().map(IterationTracer.init))
    }

    /// Iterates the base, starting the trace on the first `next()`.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let tracer: IterationTracer<Element, any Error>?

        /// The base's next element (written as a value), or `nil` when it ends (written as `finished`); its error is
        /// written, then rethrown.
        public mutating func next() async throws -> Element? {
            tracer?.begin()
            do {
                return IterationTracer.passing(try await base.next(), tracer)
            } catch {
                tracer?.end(.failure(error))
                throw error
            }
        }
    }
}

extension AsyncStream where Element: Sendable {
    /// Passes every element through unchanged, and writes the first iteration's events to `sink` as they happen: a
    /// ``TracedAsyncStream``, which never throws, on every OS version. Otherwise as
    /// `AsyncSequence.trace(to:name:clock:)`.
    public func trace<C: Clock>(
        to sink: any TraceSink, name: String? = nil, clock: C = ContinuousClock()
    ) -> TracedAsyncStream<Element> where C.Duration == Duration {
        TracedAsyncStream(base: self, claimWriter: SinkClaim.writers(to: sink, name: name, clock: clock))
    }
}

/// An `AsyncStream` passed through unchanged and traced; like the stream, it never throws.
public struct TracedAsyncStream<Element: Sendable>: AsyncSequence, Sendable {
    let base: AsyncStream<Element>
    /// For the first iteration only: what starts its trace.
    let claimWriter: @Sendable () -> (@Sendable () -> TraceWriter<Element, Never>)?

    /// An iterator; the first one made writes the trace, later ones pass through untraced.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), tracer: claimWriter().map(IterationTracer.init))
    }

    /// Iterates the stream, starting the trace on the first `next()`.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<Element>.Iterator
        let tracer: IterationTracer<Element, Never>?

        /// The stream's next element (written as a value), or `nil` when it ends (written as `finished`).
        public mutating func next() async -> Element? {
            tracer?.begin()
            return IterationTracer.passing(await base.next(), tracer)
        }
    }
}
