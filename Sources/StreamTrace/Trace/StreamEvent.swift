/// One thing that happened to a subscription, without its time.
public enum StreamEvent<Value, Failure: Error> {
    /// The subscription started.
    case subscribe
    /// The subscriber asked for more elements.
    case request(Demand)
    /// The stream published an element.
    case value(Value)
    /// The stream completed successfully.
    case finished
    /// The stream completed with an error.
    case failure(Failure)
    /// The subscriber cancelled.
    case cancel

    @inlinable package var kind: EventKind {
        switch self {
        case .subscribe: .subscribe
        case .request: .request
        case .value: .value
        case .finished: .finished
        case .failure: .failure
        case .cancel: .cancel
        }
    }

    /// Whether a `request` asks for at least one element (other events: true).
    @inlinable package var hasValidDemand: Bool {
        if case .request(.max(let n)) = self { return n >= 1 }
        return true
    }

    @inlinable package var isTerminal: Bool { kind.isTerminal }
}

extension StreamEvent: Sendable where Value: Sendable, Failure: Sendable {}
extension StreamEvent: Equatable where Value: Equatable, Failure: Equatable {}
extension StreamEvent: Hashable where Value: Hashable, Failure: Hashable {}

/// The kinds of event, with their names in a trace.
@usableFromInline
package enum EventKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case subscribe, request, value, finished, failure, cancel

    /// A switch rather than `==`, which goes through the raw value.
    @inlinable package var isTerminal: Bool {
        switch self {
        case .finished, .failure, .cancel: true
        case .subscribe, .request, .value: false
        }
    }
    @usableFromInline package var description: String { rawValue }
}
