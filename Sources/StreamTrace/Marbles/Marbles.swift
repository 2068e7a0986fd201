extension StreamExpectations {
    /// The recording drawn as a marble diagram (`marbles(_:)`), compared as ``MarbleMatch`` says; consumed elements
    /// count, and the cursor does not move. A wait passes once the recording holds the diagram's events (and end, if it
    /// has one) and fails at the first frame that differs. ``MarbleReport`` draws a failure, and says what the
    /// recorder's clock was doing when the recording stops short. Elements compare with `equal` (`==` for `Equatable`
    /// ones), which also groups values under one letter in a failure's drawing.
    // Holds the expected values and the comparison, only read (under the recorder's lock); Sendable as the other
    // expectations are.
    package struct Marbles<Element, Failure: Error>: StreamExpectation, @unchecked Sendable {
        let text: String
        let diagram: Result<(MarbleDiagram, values: [Element?]), MarbleSyntaxError>
        /// The names `values` gives, for the letters of a failure's drawing.
        let names: [Character: Element]
        let error: (any Error)?
        /// Whether a recorded element (first) is the diagram's value (second).
        let equal: (Element, Element) -> Bool
        /// How many elements, from the first, can decide it: the diagram's and one more. The first difference is at or
        /// before that one (the diagram cannot match it), so a pass over a file keeps only these, and the failure of a
        /// live recording draws only these too, so that both say the same.
        let elementLimit: Int

        init(
            _ text: String, values: [Character: Element], error: (any Error)?, frame: Duration,
            by equal: @escaping (Element, Element) -> Bool
        ) {
            self.text = text
            self.error = error
            self.equal = equal
            self.names = values
            diagram = Result { () throws(MarbleSyntaxError) in
                let diagram = try MarbleDiagram(expected: text, frame: frame)
                return (diagram, try diagram.values(values, text: text))
            }
            // An end has no value: the elements are the events with one.
            elementLimit = (try? diagram.get()).map { $0.values.count { $0 != nil } + 1 } ?? 0
        }

        /// `marbles("-a-b|")`.
        package var name: String { "marbles(\(ValueText.quoted(text, limit: 60)))" }

        /// Every event may decide it.
        package var wakeCondition: WakeCondition { .everyEvent }

        package func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Void> {
            if let failure = inputFailure(in: window) { return .failed(failure) }
            let (diagram, values): (MarbleDiagram, [Element?])
            switch self.diagram {
            case .success(let read): (diagram, values) = read
            case .failure(let error):
                var failure = window.failure(.invalidDiagram, "\(error)", at: nil)
                failure.details = error.pointed
                return .failed(failure)
            }
            let events = ShapeEvent.events(in: window, elementLimit: elementLimit)
            let recorded = events.map(MarbleMatch.Recorded.init)
            let outcome = MarbleMatch.compare(diagram, recorded, isFinal: window.end.isFinal) { e, a in
                switch events[a].kind {
                case .value(let index): values[e].map { equal(window.element(at: index), $0) } ?? false
                case .failure(let failure): error.map { ShapeEvent<Failure>.errorsEqual($0, failure) } ?? true
                case .finished, .cancel: true
                }
            }
            switch outcome {
            case .matched: return .passed((), cursor: nil, at: window.endLocation)
            case .pending: return .pending
            case .differs(let difference):
                return .failed(failure(difference, diagram, values, events, recorded, window))
            }
        }

        private func failure(
            _ difference: MarbleMatch.Difference, _ diagram: MarbleDiagram, _ values: [Element?],
            _ events: [ShapeEvent<Failure>], _ recorded: [MarbleMatch.Recorded],
            _ window: some EventWindow<Element, Failure>
        ) -> RecordingError {
            let streamError: Failure? = if case .failure(let failure)? = events.last?.kind { failure } else { nil }
            let report = MarbleReport(
                diagram: diagram, expectedValues: values, recorded: recorded,
                actualValues: events.map { event in
                    if case .value(let index) = event.kind { window.element(at: index) } else { nil }
                },
                names: names, inputLetters: inputLetters(in: window),
                failureText: streamError.map { "\(StreamError($0))" },
                omitted: max(0, window.elementCount - elementLimit), comparing: equal, describe: window.describe)
            let location = difference.actual.map { events[$0].location } ?? window.lastEvent?.location
            var error = window.failure(
                .init(marbles: difference.kind), report.message(difference), at: location, streamError: streamError)
            error.details = report.details(caretAt: difference.frame).joined(separator: "\n")
            error.explainsTime = difference.kind == .notReached
            annotate(&error, difference, diagram, recorded, in: window)
            return error
        }
    }
}

extension Recorder where Input: Equatable {
    /// The recording drawn as a marble diagram, `frame` a character: each frame holds exactly the diagram's events.
    /// Elements take their value from `values`, else, for `String` elements, their character; `#` matches `error` if
    /// given, else any failure. The grammar is in docs/marbles.md.
    ///
    /// Read it now (under virtual time, once the clock is past the diagram), or wait for it (a live stream; a coarser
    /// `frame` absorbs jitter):
    ///
    /// ```swift
    /// try recorder.marbles("-a--b-c|", values: ["a": 1, "b": 2, "c": 3]).get()
    /// try await recorder.marbles("-a--b-c|", values: ["a": 1, "b": 2, "c": 3]).value(timeout: .seconds(60))
    /// ```
    public func marbles(
        _ diagram: String, values: [Character: Input] = [:], error: (any Error)? = nil,
        frame: Duration = .milliseconds(1)
    ) -> RecorderExpectation<Void> {
        marbles(diagram, values: values, error: error, frame: frame, by: ==)
    }
}

extension Recorder {
    /// The recording drawn as a marble diagram, as ``marbles(_:values:error:frame:)`` draws it, for elements that are
    /// not `Equatable` (the tuples of `zip`, arrays of them): `areEquivalent(recorded, expected)` compares each
    /// recorded element with the diagram's value in its frame, and a failure's drawing gives values it finds
    /// equivalent one letter.
    ///
    /// ```swift
    /// try recorder.marbles("-a|", values: ["a": (1, "x")], by: ==).get()
    /// ```
    public func marbles(
        _ diagram: String, values: [Character: Input], error: (any Error)? = nil, frame: Duration = .milliseconds(1),
        by areEquivalent: @escaping (Input, Input) -> Bool
    ) -> RecorderExpectation<Void> {
        expecting(
            StreamExpectations.Marbles<Input, Failure>(
                diagram, values: values, error: error, frame: frame, by: areEquivalent))
    }
}

extension StreamExpectations.Marbles<RawJSON, TraceFailure>: TraceExpectation, QueryExpectation {
    /// `marbles "-a-b-|" [frame 10ms] [values {"a": 1}]`: the diagram a JSON string (so `#` and spaces survive spec
    /// files), elements compared with `values` by JSON equality, an unnamed one with its name as a string. Keeps the
    /// values and times of the elements that can decide it (``elementLimit``).
    package static var query: QueryDefinition<Self> {
        var syntax = QuerySyntax(
            keyword: "marbles", arguments: [.diagram],
            clauses: [
                QueryClause(word: "frame", argument: .frame, isRequired: false),
                QueryClause(word: "values", argument: .values, isRequired: false),
            ]
        ) { arguments in
            guard case .diagram(let text, let diagram)? = arguments["JSON-STRING"] else {
                return Self("", values: [:], error: nil, frame: .milliseconds(1), by: ==)
            }
            let names = diagram.events.compactMap { event -> Character? in
                if case .element(let name) = event.symbol { name } else { nil }
            }
            var values: [Character: RawJSON] = [:]
            if case .elementValues(let given)? = arguments["values"] { values = given }
            for name in names where values[name] == nil { values[name] = RawJSON(.string(String(name))) }
            let frame: Duration = if case .duration(let given)? = arguments["frame"] { given } else { .milliseconds(1) }
            return Self(text, values: values, error: nil, frame: frame, by: ==)
        }
        syntax.refusesWithinAndMatcher = "its diagram says when each event comes and what it is"
        let reasons: [(MarbleMatch.DifferenceKind, String)] = [
            (.valueMismatch, "an element has another value than the diagram's in its frame"),
            (.differentEvent, "an event of another kind (an element where it fails …)"),
            (.unexpectedEvent, "an event in a frame where the diagram has none, or after it"),
            (.missingEvent, "the diagram's event is not in its frame, and the stream went on"),
            (.earlyCompletion, "the stream ended as the diagram does, in an earlier frame"),
            (.lateCompletion, "the stream ended as the diagram does, in a later frame"),
            (.notReached, "the trace ends before the diagram's event"),
        ]
        return QueryDefinition(
            syntax, needs: { TraceNeeds(firstElements: $0.elementLimit) },
            reasons: reasons.map { QueryReason(.init(marbles: $0), when: $1) },
            summary: "the trace drawn as a marble diagram: each frame holds exactly its events (docs/marbles.md)",
            passes: "nothing: every frame holds the diagram's events")
    }
}

extension QueryArgument {
    /// `JSON-STRING`: a marble diagram as a JSON string (`"-a-b-|"`), read as an expected diagram (nothing before `^`)
    /// with the frame of 1 ms to report its errors at their column; the argument is its text and the diagram read.
    static let diagram = QueryArgument(placeholder: "JSON-STRING", canStart: { $0.hasPrefix("\"") }, read: readDiagram)

    /// `DURATION`: a duration longer than zero (`frame 10ms`).
    static let frame = QueryArgument(placeholder: "DURATION", canStart: { _ in true }, read: readFrame)

    /// `JSON-OBJECT`: an object of one-character element names (`values {"a": 1}`), read as `[Character: RawJSON]`.
    static let values = QueryArgument(placeholder: "JSON-OBJECT", canStart: { $0.hasPrefix("{") }, read: readValues)

    private static func readDiagram(_ words: inout QueryWords, after: String) throws(QueryParseError) -> Value {
        if let (word, offset) = words.peek(), !word.hasPrefix("\"") {
            throw words.failure(
                "expected a diagram as a JSON string after '\(after)' (\"-a-b|\"), found \(QueryWords.quote(word))",
                at: offset)
        }
        let (json, value, offset) = try words.readJSON(after: after, expected: "a diagram as a JSON string")
        guard case .string(let text) = value else {
            throw words.failure(
                "expected a diagram as a JSON string after '\(after)', found \(value.typeName)", at: offset)
        }
        do {
            return .diagram(text: text, marbles: try MarbleDiagram(expected: text, frame: .milliseconds(1)))
        } catch {
            // Where the JSON writes the diagram as is, the column is the character's own.
            let column = error.column ?? 1
            let escaped = json.contains("\\")
            let start = offset + 1 + (escaped ? 0 : String(text.prefix(column - 1)).unicodeScalars.count)
            let place = escaped ? " (column \(column) of the diagram)" : ""
            throw words.failure("\(error.message) in the diagram\(place)", at: escaped ? offset : start)
        }
    }

    private static func readFrame(_ words: inout QueryWords, after: String) throws(QueryParseError) -> Value {
        guard let (word, offset) = words.take() else {
            throw words.failure("expected a duration after '\(after)', like 10ms", at: words.endOffset)
        }
        guard case .duration(let duration) = TimeFormat.parseDuration(word), duration > .zero else {
            throw words.failure(
                "expected a duration longer than zero after '\(after)', like 10ms (units: ns, us, ms, s, m, h), "
                    + "found \(QueryWords.quote(word))", at: offset)
        }
        return .duration(duration)
    }

    private static func readValues(_ words: inout QueryWords, after: String) throws(QueryParseError) -> Value {
        let (_, value, offset) = try words.readJSON(after: after, expected: "a JSON object of element names")
        guard case .object(let object) = value else {
            throw words.failure("expected a JSON object after '\(after)', found \(value.typeName)", at: offset)
        }
        var values: [Character: RawJSON] = [:]
        for entry in object {
            let key = entry.key
            guard key.count == 1, let name = key.first, name != " " else {
                throw words.failure(
                    "the key \(QueryWords.quote(key)) of '\(after)' is not an element name: one character", at: offset)
            }
            values[name] = RawJSON(entry.value)
        }
        return .elementValues(values)
    }
}
