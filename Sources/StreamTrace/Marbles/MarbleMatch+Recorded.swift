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
    /// `marbles`: an element has another value than the diagram's in its frame.
    public static let valueMismatch = Self(marbles: .valueMismatch)
    /// `marbles`: an event of another kind than the diagram's in its frame (an element where it fails, finished where
    /// it fails …).
    public static let differentEvent = Self(marbles: .differentEvent)
    /// `marbles`: an event in a frame where the diagram has none, or after the diagram's last frame.
    public static let unexpectedEvent = Self(marbles: .unexpectedEvent)
    /// `marbles`: the diagram's event is not in its frame, and the stream went on.
    public static let missingEvent = Self(marbles: .missingEvent)
    /// `marbles`: the stream ended as the diagram does (finished, failed or cancelled), in an earlier frame.
    public static let earlyCompletion = Self(marbles: .earlyCompletion)
    /// `marbles`: the stream ended as the diagram does, in a later frame.
    public static let lateCompletion = Self(marbles: .lateCompletion)
    /// `marbles`: the recording ends before the diagram's event (nothing more came before it was read, or before the
    /// wait timed out); the failure says what the recorder's clock was doing.
    public static let notReached = Self(marbles: .notReached)
    /// `marbles`: the diagram cannot be read (its column is in the failure's details), or names an element without a
    /// value. A query (`check`) never fails with it: there such a diagram is a usage error, exit 2.
    public static let invalidDiagram = Self(rawValue: "invalidDiagram")

    /// The reason of a marble difference: its kind's name (``MarbleMatch/DifferenceKind`` says what each means).
    init(marbles kind: MarbleMatch.DifferenceKind) {
        self.init(rawValue: kind.rawValue)
    }
}
