#if canImport(Combine)
import Combine
#elseif OpenCombine
import OpenCombine
#endif

#if canImport(Combine) || OpenCombine
extension Publisher {
    /// Subscribes a new recorder to this publisher and returns it.
    ///
    /// The recorder records `subscribe`, each `request` it makes, every value
    /// and the completion. It cancels its subscription when it is cancelled
    /// or released while the publisher is still live.
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

/// The Combine subscriber behind `publisher.record()`: feeds a recorder,
/// drives demand, and reports a publisher that breaks Combine's rules.
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
        let upstream = lock.withLock { () -> (any Subscription)? in
            defer { subscription = nil }
            return subscription
        }
        upstream?.cancel()
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
#endif
