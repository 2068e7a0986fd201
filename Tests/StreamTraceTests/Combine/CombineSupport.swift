#if canImport(Combine)
import Combine
#elseif OpenCombine
import OpenCombine
import OpenCombineDispatch
#endif

#if canImport(Combine) || OpenCombine
import Foundation
import StreamTrace

/// A real timer: a value every `interval` on a Dispatch queue, until cancelled.
func timerPublisher(every interval: Int) -> AnyPublisher<Date, Never> {
    Deferred { () -> AnyPublisher<Date, Never> in
        let subject = PassthroughSubject<Date, Never>()
        #if canImport(Combine)
        let queue = DispatchQueue.global()
        #else
        let queue = DispatchQueue.global().ocombine
        #endif
        let repeating = queue.schedule(after: queue.now, interval: .milliseconds(interval)) { subject.send(Date()) }
        return subject.handleEvents(receiveCancel: { repeating.cancel() }).eraseToAnyPublisher()
    }.eraseToAnyPublisher()
}

/// A search screen's view model: the results it publishes.
struct SearchViewModel {
    let results: AnyPublisher<String, Never>
}

/// Publishers that break Combine's rules, one way each.
enum Misbehaving {
    final class Subscription: Combine_Subscription, @unchecked Sendable {
        var requested = Subscribers.Demand.none
        var cancelled = false
        func request(_ demand: Subscribers.Demand) { requested += demand }
        func cancel() { cancelled = true }
    }

    /// Subscribes its subscriber twice.
    struct SubscribesTwice: Publisher {
        typealias Output = Int
        typealias Failure = Never
        let second = Subscription()
        func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
            subscriber.receive(subscription: Subscription())
            subscriber.receive(subscription: second)
            _ = subscriber.receive(1)
        }
    }

    /// Sends a value before the subscription.
    struct SendsBeforeSubscription: Publisher {
        typealias Output = Int
        typealias Failure = Never
        func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
            _ = subscriber.receive(0)
            subscriber.receive(subscription: Subscription())
            _ = subscriber.receive(1)
            subscriber.receive(completion: .finished)
        }
    }

    /// Sends a value after it finished.
    struct SendsAfterCompletion: Publisher {
        typealias Output = Int
        typealias Failure = Never
        func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
            subscriber.receive(subscription: Subscription())
            _ = subscriber.receive(1)
            subscriber.receive(completion: .finished)
            _ = subscriber.receive(2)
        }
    }

    /// Sends three values whatever the demand.
    struct IgnoresDemand: Publisher {
        typealias Output = Int
        typealias Failure = Never
        func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
            subscriber.receive(subscription: Subscription())
            for i in 1...3 { _ = subscriber.receive(i) }
        }
    }
}

#if canImport(Combine)
typealias Combine_Subscription = Combine.Subscription
#else
typealias Combine_Subscription = OpenCombine.Subscription
#endif
#endif
