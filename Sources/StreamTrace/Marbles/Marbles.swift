extension StreamExpectations {
    /// The recording drawn as a marble diagram: `-a--b-c|` (`marbles(_:)`).
    ///
    /// An event at t after the subscription belongs to frame ⌊t / frame⌋;
    /// each frame must hold exactly the diagram's events, in order
    /// (elements compared with `==` to their values, `#` with `error` if
    /// given, else any failure); subscriptions and requests are not drawn;
    /// an event after the diagram's last frame is a difference. Consumed
    /// elements count; the cursor does not move. The grammar is in
    /// docs/marbles.md.
    ///
    /// A wait passes once the recording holds the diagram's events (and
    /// its end, if it has one), and fails at the first frame that differs.
    /// On a difference, the error's message names it and its
    /// ``RecordingError/details`` draw expected over actual, lettered alike,
    /// with a caret and one legend; when the recording stops short of the
    /// diagram, the report says what the recorder's clock was doing.
    // Holds the expected values, which it only reads (under the recorder's
    // lock); Sendable as the other expectations are.
    package struct Marbles<Element: Equatable, Failure: Error>: StreamExpectation, @unchecked Sendable {
        let text: String
        let diagram: Result<(MarbleDiagram, values: [Element?]), MarbleSyntaxError>
        /// The names `values` gives, for the letters of a failure's drawing.
        let names: [Character: Element]
        let error: (any Error)?

        init(_ text: String, values: [Character: Element], error: (any Error)?, frame: Duration) {
            self.text = text
            self.error = error
            self.names = values
            diagram = Result { () throws(MarbleSyntaxError) in
                let diagram = try MarbleDiagram(text, frame: frame)
                if let early = diagram.events.first(where: { $0.nanoseconds < 0 }) {
                    throw MarbleSyntaxError(
                        diagram: text, column: early.column,
                        message:
                            "'\(early.symbol.character)' before '^': an expected diagram starts at the subscription")
                }
                return (diagram, try diagram.values(values, text: text))
            }
        }

        /// `marbles("-a-b|")`.
        package var name: String { "marbles(\(ValueText.quoted(text, limit: 60)))" }

        /// Compares the window's events with the diagram, frame by frame.
        package func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Void> {
            let (diagram, values): (MarbleDiagram, [Element?])
            switch self.diagram {
            case .success(let read): (diagram, values) = read
            case .failure(let error):
                var failure = window.failure(.invalidDiagram, "\(error)", at: nil)
                failure.details = error.pointed
                return .failed(failure)
            }
            let events = MarbleRecording(window)
            let outcome = MarbleMatch.compare(diagram, events.recorded, isFinal: window.end.isFinal) { e, a in
                switch events.kinds[a] {
                case .value(let index): window.element(at: index) == values[e]
                case .failure(let failure): error.map { ShapeEvent<Failure>.errorsEqual($0, failure) } ?? true
                case .finished, .cancel: true
                }
            }
            switch outcome {
            case .matched: return .passed((), cursor: nil, at: window.endLocation)
            case .pending: return .pending
            case .differs(let difference):
                return .failed(failure(difference, diagram, values, events, window))
            }
        }

        private func failure(
            _ difference: MarbleMatch.Difference, _ diagram: MarbleDiagram, _ values: [Element?],
            _ events: MarbleRecording<Failure>, _ window: some EventWindow<Element, Failure>
        ) -> RecordingError {
            let report = MarbleReport(
                diagram: diagram, expectedValues: values, recorded: events.recorded,
                actualValues: events.kinds.map { kind in
                    if case .value(let index) = kind { window.element(at: index) } else { nil }
                },
                names: names, failureText: events.failure.map { "\(StreamError($0))" }, describe: window.describe)
            let location = difference.actual.map { events.locations[$0] } ?? window.lastEvent?.location
            var error = window.failure(
                .init(marbles: difference.kind), report.message(difference), at: location,
                streamError: events.failure)
            error.details = report.details(caretAt: difference.frame).joined(separator: "\n")
            error.explainsTime = difference.kind == .notReached
            return error
        }
    }
}

extension StreamExpectations.Marbles: WakeFiltered {
    /// Every event may decide it.
    package var wakeCondition: WakeCondition { .everyEvent }
}

extension Recorder where Input: Equatable {
    /// The recording drawn as a marble diagram, `frame` a character:
    /// each frame holds exactly the diagram's events. Elements take their
    /// value from `values`, else, for `String` elements, their character;
    /// `#` matches `error` if given, else any failure. The grammar is in
    /// docs/marbles.md.
    ///
    /// Read it now (under virtual time, once the clock is past the
    /// diagram), or wait for it (a live stream; a coarser `frame` absorbs
    /// jitter):
    ///
    /// ```swift
    /// try recorder.marbles("-a--b-c|", values: ["a": 1, "b": 2, "c": 3]).get()
    /// try await recorder.marbles("-a--b-c|", values: ["a": 1, "b": 2, "c": 3]).value(timeout: .seconds(60))
    /// ```
    public func marbles(
        _ diagram: String, values: [Character: Input] = [:], error: (any Error)? = nil,
        frame: Duration = .milliseconds(1)
    ) -> RecorderExpectation<Void> {
        expecting(StreamExpectations.Marbles<Input, Failure>(diagram, values: values, error: error, frame: frame))
    }
}
