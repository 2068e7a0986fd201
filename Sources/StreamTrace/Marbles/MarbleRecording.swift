/// A window's events as a marble diagram compares them: its elements, then its completion or cancel, each with its time
/// and where it was recorded. Subscriptions and requests are not drawn.
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

    var failure: Failure? {
        guard case .failure(let failure)? = kinds.last else { return nil }
        return failure
    }
}

extension RecordingError.Reason {
    // One reason per `MarbleMatch.DifferenceKind`, which says what each means.
    package static let valueMismatch = Self(marbles: .valueMismatch)
    package static let differentEvent = Self(marbles: .differentEvent)
    package static let unexpectedEvent = Self(marbles: .unexpectedEvent)
    package static let missingEvent = Self(marbles: .missingEvent)
    package static let earlyCompletion = Self(marbles: .earlyCompletion)
    package static let lateCompletion = Self(marbles: .lateCompletion)
    package static let notReached = Self(marbles: .notReached)
    /// `marbles`: the diagram cannot be read, or names an element without a value.
    package static let invalidDiagram = Self(rawValue: "invalidDiagram")

    /// The reason of a marble difference: its kind's name.
    init(marbles kind: MarbleMatch.DifferenceKind) {
        self.init(rawValue: kind.rawValue)
    }
}
