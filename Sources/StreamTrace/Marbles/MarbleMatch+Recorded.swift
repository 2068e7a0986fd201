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
    /// `marbles`: the diagram cannot be read, or names an element without a value.
    package static let invalidDiagram = Self(rawValue: "invalidDiagram")

    /// The reason of a marble difference: its kind's name (``MarbleMatch/DifferenceKind`` says what each means).
    init(marbles kind: MarbleMatch.DifferenceKind) {
        self.init(rawValue: kind.rawValue)
    }
}
