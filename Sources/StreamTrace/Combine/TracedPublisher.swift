#if canImport(Combine)
import Combine
#elseif OpenCombine
import OpenCombine
#endif

#if canImport(Combine) || OpenCombine
import Foundation

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
    /// subscriptions pass through untraced.
    public func trace<C: Clock>(to sink: any TraceSink, name: String? = nil, clock: C) -> TracedPublisher<Self>
    where C.Duration == Duration {
        let claim = SinkClaim(sink)
        return TracedPublisher(upstream: self) {
            claim.take().map { TraceWriter<Output, Failure>(name: name, clock: clock, sink: $0) }
        }
    }

    /// Traces on `ContinuousClock`. See ``trace(to:name:clock:)``.
    public func trace(to sink: any TraceSink, name: String? = nil) -> TracedPublisher<Self> {
        trace(to: sink, name: name, clock: ContinuousClock())
    }
}

/// A publisher that forwards its upstream unchanged and traces it.
public struct TracedPublisher<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure

    public let upstream: Upstream
    let makeWriter: @Sendable () -> TraceWriter<Output, Failure>?

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        guard let writer = makeWriter() else {
            upstream.subscribe(subscriber)
            return
        }
        upstream.subscribe(Inner(downstream: subscriber, writer: writer))
    }

    /// Sits between the upstream and the subscriber, writing what crosses.
    final class Inner<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
        let combineIdentifier = CombineIdentifier()
        private let downstream: Downstream
        private let writer: TraceWriter<Output, Failure>
        private let lock = Lock()
        private var subscription: (any Subscription)?

        init(downstream: Downstream, writer: TraceWriter<Output, Failure>) {
            self.downstream = downstream
            self.writer = writer
        }

        func receive(subscription: any Subscription) {
            lock.withLock { self.subscription = subscription }
            writer.write(.subscribe)
            downstream.receive(subscription: self)
        }

        func receive(_ input: Output) -> Subscribers.Demand {
            writer.write(.value(input))
            let demand = downstream.receive(input)
            if demand > .none { writer.write(.request(Demand(demand))) }
            return demand
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            switch completion {
            case .finished: writer.write(.finished)
            case .failure(let error): writer.write(.failure(error))
            }
            lock.withLock { subscription = nil }
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            writer.write(.request(Demand(demand)))
            lock.withLock { subscription }?.request(demand)
        }

        func cancel() {
            let upstream = lock.withLock { () -> (any Subscription)? in
                defer { subscription = nil }
                return subscription
            }
            guard let upstream else { return }
            writer.write(.cancel)
            upstream.cancel()
        }
    }
}
#endif
