#if canImport(Combine)
import Combine
#elseif OpenCombine
import OpenCombine
#endif

#if canImport(Combine) || OpenCombine
extension Publisher {
    /// Passes every event through unchanged, and writes the first
    /// subscription's events to `sink` as they happen: how an app emits a
    /// trace for `streamtrace show` without changing the stream.
    ///
    /// ```swift
    /// let results = search.results
    ///     .trace(to: try FileTraceSink(path: "search.jsonl"), name: "search")
    /// ```
    ///
    /// Nothing is kept in memory. A trace is one subscription: later
    /// subscriptions pass through untraced. The trace starts when the
    /// subscription arrives: the header is written then (`at` and
    /// `started` are that moment) and `subscribe` is at `t` 0.
    public func trace<C: Clock>(to sink: any TraceSink, name: String? = nil, clock: C = ContinuousClock())
        -> TracedPublisher<Self>
    where C.Duration == Duration {
        TracedPublisher(upstream: self, claimWriter: SinkClaim.writers(to: sink, name: name, clock: clock))
    }
}

/// A publisher that forwards its upstream unchanged and traces it.
public struct TracedPublisher<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    package let upstream: Upstream
    /// For the first subscription only: what starts its trace.
    let claimWriter: @Sendable () -> (@Sendable () -> TraceWriter<Output, Failure>)?

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        guard let start = claimWriter() else {
            upstream.subscribe(subscriber)
            return
        }
        upstream.subscribe(Inner(downstream: subscriber, start: start))
    }

    /// Sits between the upstream and the subscriber, writing what crosses.
    final class Inner<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
        let combineIdentifier = CombineIdentifier()
        private let downstream: Downstream
        private let start: @Sendable () -> TraceWriter<Output, Failure>
        private let lock = Lock()
        private var subscription: (any Subscription)?
        private var started: TraceWriter<Output, Failure>?

        init(downstream: Downstream, start: @escaping @Sendable () -> TraceWriter<Output, Failure>) {
            self.downstream = downstream
            self.start = start
        }

        /// The trace's writer, once the subscription has started it.
        private var writer: TraceWriter<Output, Failure>? { lock.withLock { started } }

        func receive(subscription: any Subscription) {
            let writer = lock.withLock { () -> TraceWriter<Output, Failure> in
                self.subscription = subscription
                if let started { return started }
                let writer = start()
                started = writer
                return writer
            }
            writer.write(.subscribe)
            downstream.receive(subscription: self)
        }

        func receive(_ input: Output) -> Subscribers.Demand {
            writer?.write(.value(input))
            let demand = downstream.receive(input)
            if demand > .none { writer?.write(.request(Demand(demand))) }
            return demand
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            switch completion {
            case .finished: writer?.write(.finished)
            case .failure(let error): writer?.write(.failure(error))
            }
            lock.withLock { subscription = nil }
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            writer?.write(.request(Demand(demand)))
            lock.withLock { subscription }?.request(demand)
        }

        func cancel() {
            let upstream = lock.withLock { () -> (any Subscription)? in
                defer { subscription = nil }
                return subscription
            }
            guard let upstream else { return }
            writer?.write(.cancel)
            upstream.cancel()
        }
    }
}
#endif
