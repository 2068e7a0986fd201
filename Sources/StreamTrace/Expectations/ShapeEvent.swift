/// A recorded event as a whole-shape comparison sees it.
struct ShapeEvent<Failure: Error> {
    /// An expected event's kinds, `.value` holding the element's index.
    typealias Kind = ExpectedEvent<Int, Failure>.Kind

    var kind: Kind
    var location: EventLocation
    var nanoseconds: Int64 { location.nanoseconds }

    var isTerminal: Bool {
        if case .value = kind { return false }
        return true
    }

    /// The window's events in order: its first `elementLimit` elements, then its end (completion or cancel).
    static func events<Element>(
        in window: some EventWindow<Element, Failure>, elementLimit: Int = .max
    ) -> [ShapeEvent] {
        var events = (0..<min(window.elementCount, elementLimit)).map {
            ShapeEvent(kind: .value($0), location: window.elementLocation(at: $0))
        }
        if let (completion, location) = window.completion {
            switch completion {
            case .finished: events.append(ShapeEvent(kind: .finished, location: location))
            case .failure(let error): events.append(ShapeEvent(kind: .failure(error), location: location))
            }
        } else if case .cancelled(let location) = window.end {
            events.append(ShapeEvent(kind: .cancel, location: location))
        }
        return events
    }

    /// `==` when the errors are `Equatable` and of one type, else the same type and description.
    static func errorsEqual(_ lhs: any Error, _ rhs: any Error) -> Bool {
        func equal<E: Equatable>(_ lhs: E, _ rhs: any Error) -> Bool? {
            guard let rhs = rhs as? E else { return nil }
            return lhs == rhs
        }
        let value: Any = lhs
        if let lhs = value as? any Equatable, let result = equal(lhs, rhs) { return result }
        return StreamError(lhs) == StreamError(rhs)
    }
}
