/// How an expectation's window ends: when no more events count.
@usableFromInline
package enum WindowEnd: Sendable, Hashable {
    /// A live recording that may still grow (a wait in progress).
    case open
    /// The recording as it is now (`get()`).
    case now
    /// A wait's timeout, or a query's `within`, expired.
    case timeout(Duration)
    /// A trace read from disk has no more events.
    case endOfTrace
    /// The subscriber cancelled: no more events will come.
    case cancelled(EventLocation)
    /// The task waiting for the expectation was cancelled.
    case waitCancelled

    /// Whether the expectation must decide now.
    package var isFinal: Bool { self != .open }

    /// How the window ended, for messages: ` within 1s`, ` before the subscriber cancelled`…
    var phrase: String {
        switch self {
        case .open, .now, .endOfTrace: ""
        case .timeout(let duration): " within \(TimeFormat.exact(duration))"
        case .cancelled: " before the subscriber cancelled"
        case .waitCancelled: " before the wait was cancelled"
        }
    }
}
