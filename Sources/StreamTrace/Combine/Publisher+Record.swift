#if canImport(Combine)
import Combine
#elseif OpenCombine
import OpenCombine
#endif

#if canImport(Combine) || OpenCombine
extension Publisher {
    /// Subscribes a new recorder to this publisher and returns it.
    ///
    /// The recorder records `subscribe`, each `request` it makes, every value and the completion. It cancels its
    /// subscription when it is cancelled or released while the publisher is still live.
    ///
    /// ```swift
    /// let recorder = [1, 2, 3, 4, 5].publisher.record(initialDemand: .max(2))
    /// let available = try recorder.availableElements.get()  // [1, 2]
    /// recorder.request(.max(3))
    /// let elements = try recorder.elements.get()  // [1, 2, 3, 4, 5]
    /// ```
    ///
    /// - Parameters:
    ///   - name: the stream's name in the trace header.
    ///   - clock: the clock of the event times (`TestClock`, or a
    ///     `TestScheduler`'s `clock`, for virtual time).
    ///   - sink: where to write the trace while recording, if anywhere.
    ///   - initialDemand: what the recorder requests on subscription;
    ///     `nil` requests nothing until ``Recorder/request(_:)``.
    public func record<C: Clock>(
        name: String? = nil, clock: C = ContinuousClock(), sink: (any TraceSink)? = nil,
        initialDemand: Demand? = .unlimited
    ) -> Recorder<Output, Failure> where C.Duration == Duration {
        let recorder = Recorder<Output, Failure>(name: name, clock: clock, sink: sink)
        let subscriber = RecordingSubscriber(storage: recorder.storage, initialDemand: initialDemand)
        recorder.onCancel { subscriber.cancel() }
        recorder.onRequest { subscriber.request($0.combineDemand) }
        subscribe(subscriber)
        return recorder
    }
}

/// The Combine subscriber behind `publisher.record()`: feeds a recorder, drives demand, and reports a publisher that
/// breaks Combine's rules.
final class RecordingSubscriber<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
    let combineIdentifier = CombineIdentifier()
    private let storage: RecorderStorage<Input, Failure>
    private let initialDemand: Demand?
    private let lock = Lock()
    private var subscription: (any Subscription)?
    private var subscribed = false
    /// What was requested and not yet delivered.
    private var outstanding = Subscribers.Demand.none

    init(storage: RecorderStorage<Input, Failure>, initialDemand: Demand?) {
        self.storage = storage
        self.initialDemand = initialDemand
    }

    func receive(subscription: any Subscription) {
        let first = lock.withLock { () -> Bool in
            guard !subscribed else { return false }
            subscribed = true
            self.subscription = subscription
            return true
        }
        guard first else {
            storage.reportMisbehavior(
                .secondSubscription, message: "the publisher subscribed the recorder a second time")
            subscription.cancel()
            return
        }
        storage.record(.subscribe)
        if let initialDemand, initialDemand.combineDemand > .none {
            storage.record(.request(initialDemand))
            request(initialDemand.combineDemand)
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        let (wasSubscribed, requested) = lock.withLock { () -> (Bool, Bool) in
            guard outstanding > .none else { return (subscribed, false) }
            outstanding -= 1
            return (subscribed, true)
        }
        guard wasSubscribed else {
            storage.reportMisbehavior(
                .eventBeforeSubscription(.value), message: "the publisher sent a value before the subscription")
            return .none
        }
        if !requested {
            storage.reportMisbehavior(.unrequestedValue, message: "the publisher sent a value that was not requested")
        }
        storage.record(.value(input))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let event: StreamEvent<Input, Failure>
        switch completion {
        case .finished: event = .finished
        case .failure(let error): event = .failure(error)
        }
        let wasSubscribed = lock.withLock { () -> Bool in
            subscription = nil
            return subscribed
        }
        guard wasSubscribed else {
            storage.reportMisbehavior(
                .eventBeforeSubscription(event.kind), message: "the publisher completed before the subscription")
            return
        }
        storage.record(event)
    }

    /// Asks the publisher for more (the `request` event is recorded by the caller).
    func request(_ demand: Subscribers.Demand) {
        let upstream = lock.withLock { () -> (any Subscription)? in
            outstanding += demand
            return subscription
        }
        upstream?.request(demand)
    }

    func cancel() {
        lock.withLock { subscription.take() }?.cancel()
    }
}

extension Demand {
    /// The same demand in Combine's terms.
    init(_ demand: Subscribers.Demand) {
        self = demand.max.map { .max($0) } ?? .unlimited
    }

    var combineDemand: Subscribers.Demand {
        switch self {
        case .unlimited: .unlimited
        case .max(let n): .max(n)
        }
    }
}

extension Publisher {
    /// Passes every event through unchanged, and writes the first subscription's events to `sink` as they happen: how
    /// an app emits a trace for `streamtrace show` without changing the stream.
    ///
    /// ```swift
    /// let results = search.results
    ///     .trace(to: try FileTraceSink(path: "search.jsonl"), name: "search")
    /// ```
    ///
    /// Nothing is kept in memory. A trace is one subscription: later subscriptions pass through untraced. The trace
    /// starts when the subscription arrives: the header is written then (`at` and `started` are that moment) and
    /// `subscribe` is at `t` 0.
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
            guard let upstream = lock.withLock({ subscription.take() }) else { return }
            writer?.write(.cancel)
            upstream.cancel()
        }
    }
}
#endif
