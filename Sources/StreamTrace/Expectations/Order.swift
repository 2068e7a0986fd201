extension StreamExpectations {
    /// Whether, from the cursor on, an element `first` accepts comes before any element `second` accepts
    /// (`order(_:before:)` on a group's recording): both are looked for as one search, for the first element either
    /// accepts, so a pass over a trace reads it as `next(where:)` does. It passes at that element if `first` accepts it
    /// (an element both accept is the first's), fails there as soon as only `second` does, and fails when the stream
    /// ends, or the window does, with neither. Consumes nothing.
    package struct Order<Element, Failure: Error>: InvertibleExpectation {
        package let first: ElementCondition<Element>
        package let second: ElementCondition<Element>
        /// The one search both make: an element either accepts.
        private let either: ElementCondition<Element>
        package let name: String

        package init(
            _ first: ElementCondition<Element>, before second: ElementCondition<Element>,
            name: String = "order(_:before:)"
        ) {
            self.first = first
            self.second = second
            either = ElementCondition("\(first.description) or \(second.description)") {
                first.test($0) || second.test($0)
            }
            self.name = name
        }

        package var wakeCondition: WakeCondition { .unconsumed(atLeast: 1) }

        /// `expected query:"b" before results:"x"`.
        private var expected: String { "expected \(first.description) before \(second.description)" }

        /// The first element from the cursor either condition accepts, and whether `first` does.
        private func deciding(in window: some EventWindow<Element, Failure>) -> (index: Int, isFirst: Bool)? {
            guard let index = window.firstElement(from: window.consumedCount, where: either, accepting: true) else {
                return nil
            }
            return (index, first.test(window.element(at: index)))
        }

        package func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Void> {
            guard let (index, isFirst) = deciding(in: window) else { return neither(in: window) }
            let location = window.elementLocation(at: index)
            guard isFirst else {
                let message = "\(expected), but \(Self.describe(index, in: window)) came first"
                return .failed(
                    decided(by: index, later: first, window.failure(.outOfOrder, message, at: location), window))
            }
            return .passed((), cursor: nil, at: location)
        }

        /// Passes when an element only `second` accepts comes first, or the window is over with neither; fails when
        /// one `first` accepts comes first.
        package func evaluateInverted(in window: some EventWindow<Element, Failure>) -> Verdict<Void> {
            guard let (index, isFirst) = deciding(in: window) else {
                return window.isOver ? .passed((), cursor: nil, at: window.endLocation) : .pending
            }
            let location = window.elementLocation(at: index)
            guard !isFirst else {
                let message =
                    "expected \(first.description) not before \(second.description)\(window.ending), but "
                    + "\(Self.describe(index, in: window)) came first"
                let error = window.failure(.invertedFulfilled, message, at: location)
                return .failed(decided(by: index, later: second, error, window))
            }
            return .passed((), cursor: nil, at: location)
        }

        /// The stream ended, or the window did, with no element either condition accepts; pending until then.
        private func neither(in window: some EventWindow<Element, Failure>) -> Verdict<Void> {
            let read = window.unconsumedCount == 0 ? "no element arrived" : "neither came in \(Self.count(window))"
            let cancel: EventLocation? = if case .cancelled(let location) = window.end { location } else { nil }
            return window.notFound(expected: expected, read: read, end: cancel ?? window.lastEvent?.location)
        }

        /// `error`, decided by element `index`; where the window reads its elements (a group's recording), the first
        /// element after it that `other` accepts decided it too: the lanes mark both.
        private func decided(
            by index: Int, later other: ElementCondition<Element>, _ error: RecordingError,
            _ window: some EventWindow<Element, Failure>
        ) -> RecordingError {
            var error = error
            error.decidingElements = [index]
            if Element.self == GroupEvent.self,
                let later = (index + 1..<window.elementCount).first(where: { other.test(window.element(at: $0)) })
            {
                error.decidingElements.append(later)
            }
            return error
        }

        /// `results:"x"`: a group's event by its stream and value, another element as messages show it.
        private static func describe(_ index: Int, in window: some EventWindow<Element, Failure>) -> String {
            window.groupEvent(at: index).map { ValueText.message($0.description) } ?? window.describeElement(at: index)
        }

        /// `3 elements`, `1 element`.
        private static func count(_ window: some EventWindow<Element, Failure>) -> String {
            window.unconsumedCount == 1 ? "1 element" : "\(window.unconsumedCount) elements"
        }
    }
}

extension RecordingError.Reason {
    /// `order(_:before:)`: an element the second condition accepts came before any the first accepts.
    public static let outOfOrder = Self(rawValue: "outOfOrder")
}

extension Recorder where Input == GroupEvent {
    /// Whether the group's event `first` comes before its event `second`, from the cursor on (events at one instant in
    /// the order they were recorded); consumes nothing. Fails as soon as `second` comes first, or when the group ends
    /// with neither. Has an `inverted` form: `first` does not come before `second`.
    ///
    /// ```swift
    /// query.receive("swi")
    /// results.receive(["Swift"])
    /// try group.events.order(.value("swi", in: "query"), before: .value(["Swift"], in: "results")).get()
    /// try group.events.order(.value(["Swift"], in: "results"), before: .value("swi", in: "query")).inverted.get()
    /// ```
    public func order(_ first: GroupEvent, before second: GroupEvent) -> InvertibleRecorderExpectation<Void, Void> {
        expecting(
            StreamExpectations.Order<GroupEvent, Failure>(
                ElementCondition(ValueText.message(first.description)) { $0 == first },
                before: ElementCondition(ValueText.message(second.description)) { $0 == second }))
    }

    /// Whether an event `first` accepts comes before any event `second` accepts, from the cursor on (events at one
    /// instant in the order they were recorded); consumes nothing. Has an `inverted` form.
    ///
    /// ```swift
    /// // The spinner stops only after the results came.
    /// try group.events.order(
    ///     where: { $0.stream == "results" }, before: { $0 == .value(false, in: "spinner") }
    /// ).get()
    /// ```
    public func order(
        where first: @escaping @Sendable (GroupEvent) -> Bool, before second: @escaping @Sendable (GroupEvent) -> Bool
    ) -> InvertibleRecorderExpectation<Void, Void> {
        expecting(
            StreamExpectations.Order<GroupEvent, Failure>(
                ElementCondition("an event the first predicate accepts", first),
                before: ElementCondition("one the second accepts", second), name: "order(where:before:)"))
    }
}

extension StreamExpectations.Order<RawJSON, TraceFailure>: TraceExpectation, QueryExpectation,
    InvertibleTraceExpectation
{
    package static var query: QueryDefinition<Self> {
        QueryDefinition(
            QuerySyntax(
                keyword: "order", arguments: [.streamEvent],
                clauses: [QueryClause(word: "before", argument: .streamEvent)]
            ) { arguments in
                Self(
                    event(arguments[QueryArgument.streamEvent.placeholder]), before: event(arguments["before"]))
            },
            reasons: [
                QueryReason(
                    .outOfOrder,
                    when: "an event the second names came first, from the cursor (at one time, in the group's order)"),
                QueryReason(.noMatchingElement, when: "the group ended, or the window did, with neither event"),
                QueryReason(.streamFailed, when: "the recording failed with neither event"),
            ],
            summary: "the first STREAM's event (a value MATCHER accepts, or an end) comes before the second's",
            passes: "nothing, at the first's event, once it comes before any the second names (from the cursor; at one "
                + "time, in the group's order); consumes nothing",
            inverted: .init(
                summary: "passes unless the first STREAM's event comes before the second's",
                passes: "nothing, at the second's event if it comes first, or at the window's end with neither; "
                    + "consumes nothing",
                fails: "an event the first names came before any the second names"))
    }

    /// One search for an element either condition accepts, testing each value (no matcher covers both).
    package var reading: TraceReading { .search(ElementSearch(testing: either, accepting: true, fromCursor: true)) }
    package var invertedReading: TraceReading { reading }

    /// A query's `STREAM [MATCHER]` (`results == "x"`: a value of `results` the matcher accepts, any value without
    /// one) or `STREAM finished|failed|cancelled`, as a condition on a group's elements, read as their JSON
    /// (`{"stream":"results","event":"value","value":"x"}`).
    private static func event(_ argument: QueryArgument.Value?) -> ElementCondition<RawJSON> {
        switch argument {
        case .streamEvent(let stream, let matcher)?:
            let name = written(stream)
            return ElementCondition(matcher.map { "\(name) \($0)" } ?? name) { element in
                guard let event = GroupEvent(json: element.value), event.stream == stream,
                    case .value(let value) = event.event
                else { return false }
                return matcher?.matches(value) ?? true
            }
        case .streamEnd(let stream, let end)?:
            let word = QueryArgument.streamEnds.first { $0.kind == end }?.word ?? "\(end)"
            return ElementCondition("\(written(stream)) \(word)") { element in
                guard let event = GroupEvent(json: element.value) else { return false }
                return event.stream == stream && event.event.kind == end
            }
        default:
            return ElementCondition("no event") { _ in false }
        }
    }

    /// A stream's name as a query writes it: a bare word, else a JSON string.
    private static func written(_ stream: String) -> String {
        stream.unicodeScalars.allSatisfy(QueryWords.isStreamNameScalar) ? stream : JSONValue.string(stream).jsonText
    }
}
