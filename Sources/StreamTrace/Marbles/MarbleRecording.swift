/// A window's events as a marble diagram compares them: its elements, then
/// its completion or its cancel, each with its time and where it was
/// recorded. Subscriptions and requests are not drawn.
struct MarbleRecording<Failure: Error> {
    enum Kind {
        /// The element at this index of the window.
        case value(Int)
        case finished
        case failure(Failure)
        case cancel
    }

    private(set) var recorded: [MarbleMatch.Recorded] = []
    private(set) var kinds: [Kind] = []
    private(set) var locations: [EventLocation] = []

    init<Element>(_ window: some EventWindow<Element, Failure>) {
        for index in 0..<window.elementCount {
            append(.value(index), .element, at: window.elementLocation(at: index))
        }
        if let (completion, location) = window.completion {
            switch completion {
            case .finished: append(.finished, .finished, at: location)
            case .failure(let failure): append(.failure(failure), .failure, at: location)
            }
        } else if case .cancelled(let location) = window.end {
            append(.cancel, .cancel, at: location)
        }
    }

    private mutating func append(_ kind: Kind, _ drawn: MarbleMatch.Kind, at location: EventLocation) {
        kinds.append(kind)
        recorded.append(.init(drawn, at: location.nanoseconds))
        locations.append(location)
    }

    /// The stream's error, if it failed.
    var failure: Failure? {
        guard case .failure(let failure)? = kinds.last else { return nil }
        return failure
    }
}

extension RecordingError.Reason {
    /// `marbles`: an element where the diagram has an element of another
    /// value.
    package static let valueMismatch = Self(marbles: .valueMismatch)
    /// `marbles`: an event of another kind than the diagram's.
    package static let differentEvent = Self(marbles: .differentEvent)
    /// `marbles`: an event where the diagram has none.
    package static let unexpectedEvent = Self(marbles: .unexpectedEvent)
    /// `marbles`: the diagram's event is not in its frame.
    package static let missingEvent = Self(marbles: .missingEvent)
    /// `marbles`: the stream ended in an earlier frame than the diagram.
    package static let earlyCompletion = Self(marbles: .earlyCompletion)
    /// `marbles`: the stream ended in a later frame than the diagram.
    package static let lateCompletion = Self(marbles: .lateCompletion)
    /// `marbles`: the recording stops before the diagram's event.
    package static let notReached = Self(marbles: .notReached)
    /// `marbles`: the diagram cannot be read, or names an element without
    /// a value.
    package static let invalidDiagram = Self(rawValue: "invalidDiagram")

    /// The reason of a marble difference: its kind's name.
    init(marbles kind: MarbleMatch.DifferenceKind) {
        self.init(rawValue: kind.rawValue)
    }
}
