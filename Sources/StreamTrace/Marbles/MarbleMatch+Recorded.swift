extension MarbleMatch.Recorded {
    /// A window's event as a diagram draws it (subscriptions and requests are not drawn, so not in a window's events).
    init<Failure>(_ event: ShapeEvent<Failure>) {
        let kind: EventKind =
            switch event.kind {
            case .value: .value
            case .finished: .finished
            case .failure: .failure
            case .cancel: .cancel
            }
        self.init(kind, at: event.nanoseconds)
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
