/// Something a recorded stream did that breaks the rules of streams; the
/// recorder keeps it rather than silently dropping the event.
public struct RecorderDiagnostic: Sendable, Hashable, CustomStringConvertible {
    package enum Kind: Sendable, Hashable {
        /// An event arrived after the stream finished or failed. Every expectation then fails.
        case eventAfterCompletion(EventKind)
        /// An event arrived after the subscriber cancelled (expected of a stream already delivering; not a failure).
        case eventAfterCancel(EventKind)
        /// A second subscription, or a subscription after other events.
        case lateSubscription
        /// A request for zero or fewer elements.
        case invalidDemand(Int)
        /// The publisher subscribed the recorder a second time.
        case secondSubscription
        /// The publisher sent an event before the subscription.
        case eventBeforeSubscription(EventKind)
        /// The publisher sent more elements than were requested.
        case unrequestedValue
        /// An event (the `index`-th) recorded on a virtual clock from outside the tasks the clock runs one at a time
        /// (a Dispatch queue, a thread, the main actor when the test is not on it). Not a failure: failures name it.
        case outsideTheClock(EventKind, index: Int)
    }

    package var kind: Kind
    /// When it happened, in nanoseconds since the subscription started.
    package var nanoseconds: Int64
    /// The event that ended the recording, for the `after…` kinds.
    package var terminal: EventKind?

    /// What the stream did and when: `value event after the stream finished (+3ms)`.
    public var description: String {
        let at = TimeFormat.offset(nanoseconds)
        switch kind {
        case .eventAfterCompletion(let kind):
            return "\(kind) event after the stream \(terminal == .failure ? "failed" : "finished") (\(at))"
        case .eventAfterCancel(let kind):
            return "\(kind) event after the subscriber cancelled (\(at)), not recorded"
        case .lateSubscription:
            return "subscription after the recording started (\(at)), not recorded"
        case .invalidDemand(let n):
            return "request for \(n) elements (\(at)): demand must be at least 1, not recorded"
        case .secondSubscription:
            return "a second subscription (\(at)): cancelled, not recorded"
        case .eventBeforeSubscription(let kind):
            return "\(kind) event before the subscription (\(at)), not recorded"
        case .unrequestedValue:
            return "value sent without demand (\(at)): recorded, but the publisher broke backpressure"
        case .outsideTheClock(let kind, let index):
            return "event \(index + 1) (\(kind), \(at)) was recorded outside the tasks the virtual clock runs one at "
                + "a time: its order against theirs is not the clock's"
        }
    }
}
