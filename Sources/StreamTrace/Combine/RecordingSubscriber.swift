#if canImport(Combine)
import Combine
#elseif OpenCombine
import OpenCombine
#endif

#if canImport(Combine) || OpenCombine
import Foundation

/// The Combine subscriber behind `publisher.record()`: feeds a recorder,
/// drives demand, and reports a publisher that breaks Combine's rules.
final class RecordingSubscriber<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
    let combineIdentifier = CombineIdentifier()
    private let storage: RecorderStorage<Input, Failure>
    private let initialDemand: Subscribers.Demand
    private let lock = Lock()
    private var subscription: (any Subscription)?
    private var subscribed = false
    /// What was requested and not yet delivered.
    private var outstanding = Subscribers.Demand.none

    init(storage: RecorderStorage<Input, Failure>, initialDemand: Subscribers.Demand) {
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
        if initialDemand > .none { requestInitially(initialDemand) }
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
        let wasSubscribed = lock.withLock { () -> Bool in
            subscription = nil
            return subscribed
        }
        guard wasSubscribed else {
            storage.reportMisbehavior(
                .eventBeforeSubscription(completion.isFinished ? .finished : .failure),
                message: "the publisher completed before the subscription")
            return
        }
        switch completion {
        case .finished: storage.record(.finished)
        case .failure(let error): storage.record(.failure(error))
        }
    }

    /// Asks the publisher for more (the `request` event is recorded by the caller).
    func request(_ demand: Subscribers.Demand) {
        let upstream = lock.withLock { () -> (any Subscription)? in
            outstanding += demand
            return subscription
        }
        upstream?.request(demand)
    }

    /// Records the initial request, then makes it.
    private func requestInitially(_ demand: Subscribers.Demand) {
        storage.record(.request(Demand(demand)))
        request(demand)
    }

    func cancel() {
        let upstream = lock.withLock { () -> (any Subscription)? in
            defer { subscription = nil }
            return subscription
        }
        upstream?.cancel()
    }
}

extension Subscribers.Completion {
    var isFinished: Bool {
        if case .finished = self { return true }
        return false
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
