extension StreamExpectations {
    /// The recording's elements and its end (completion or cancel) equal an
    /// expected list, in one comparison (`events(equal:)`).
    ///
    /// Elements compare with `==`, errors with `==` when they are
    /// `Equatable`, else by type and description; an expected event with a
    /// time also compares times, within `tolerance`. Subscriptions and
    /// requests are not compared. A list that ends without a completion
    /// passes once exactly its elements have arrived.
    ///
    /// On a difference the error's message names the first differing event,
    /// and its ``RecordingError/details`` show expected and actual side by
    /// side.
    // Holds the expected elements, which it only reads (under the
    // recorder's lock); Sendable as the other expectations are.
    public struct EventsEqual<Element: Equatable, Failure: Error>: StreamExpectation, @unchecked Sendable {
        public let expected: [ExpectedEvent<Element, Failure>]
        public let tolerance: Duration

        public init(_ expected: [ExpectedEvent<Element, Failure>], tolerance: Duration = .zero) {
            self.expected = expected
            self.tolerance = tolerance
        }

        public var name: String { "events(equal:)" }

        public func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Void> {
            let actual = ShapeEvent.events(in: window)
            let common = min(actual.count, expected.count)
            let first = (0..<common).first { !matches(expected[$0], actual[$0], window) } ?? common
            if first == expected.count, first == actual.count { return .passed((), cursor: nil, at: window.endLocation) }
            let ended = actual.last?.isTerminal ?? false
            if first == actual.count, !ended, !window.end.isFinal { return .pending }

            let message: String
            let reason: RecordingError.Reason
            let location: EventLocation?
            if first < common {
                reason = .eventsDiffer(index: first)
                message = "expected #\(first + 1) to be \(describe(expected[first], window)), got \(describe(actual[first], window, timed: expected[first].time != nil))"
                location = actual[first].location
            } else if first == actual.count {
                reason = .notEnoughElements(expected: expected.count, actual: actual.count)
                let ending = ended ? "" : window.end.phrase
                message = "expected \(expected.count) events, got \(actual.count)\(ending): #\(first + 1) \(describe(expected[first], window)) is missing"
                location = actual.last?.location ?? window.lastEvent?.location
            } else {
                reason = .tooManyElements(actual: actual.count)
                message = "expected \(expected.count) events, got more: #\(first + 1) is \(describe(actual[first], window, timed: false))"
                location = actual[first].location
            }
            var error = RecordingError(expectation: name, reason: reason, message: message, location: location)
            error.details = ShapeTable(
                expected: expected.map { row($0, window) }, actual: actual.map { row($0, window) }, firstDifference: first
            ).text
            return .failed(error)
        }

        private func matches(_ expected: ExpectedEvent<Element, Failure>, _ actual: ShapeEvent<Failure>, _ window: some EventWindow<Element, Failure>) -> Bool {
            if let time = expected.time, !TimeComparison.tolerance(tolerance).agree(TimeFormat.nanoseconds(time), actual.nanoseconds) {
                return false
            }
            switch (expected.kind, actual.kind) {
            case (.value(let element), .value(let index)): return window.element(at: index) == element
            case (.finished, .finished), (.cancel, .cancel): return true
            case (.failure(let expectedError), .failure(let actualError)): return ShapeEvent<Failure>.errorsEqual(expectedError, actualError)
            default: return false
            }
        }

        private func row(_ event: ExpectedEvent<Element, Failure>, _ window: some EventWindow<Element, Failure>) -> ShapeTable.Row {
            let mark: RecentTimeline.Mark
            switch event.kind {
            case .value(let element): mark = .value(ValueText.label(window.describe(element)))
            case .finished: mark = .finished
            case .failure: mark = .failure
            case .cancel: mark = .cancel
            }
            return ShapeTable.Row(text: describe(event, window), nanoseconds: event.time.map(TimeFormat.nanoseconds), mark: mark)
        }

        private func row(_ event: ShapeEvent<Failure>, _ window: some EventWindow<Element, Failure>) -> ShapeTable.Row {
            let mark: RecentTimeline.Mark
            switch event.kind {
            case .value(let index): mark = .value(window.timelineElement(at: index).label)
            case .finished: mark = .finished
            case .failure: mark = .failure
            case .cancel: mark = .cancel
            }
            return ShapeTable.Row(text: describe(event, window, timed: true), nanoseconds: event.nanoseconds, mark: mark)
        }

        func describe(_ event: ExpectedEvent<Element, Failure>, _ window: some EventWindow<Element, Failure>) -> String {
            let text: String
            switch event.kind {
            case .value(let element): text = "value \(window.describe(element))"
            case .finished: text = "finished"
            case .failure(let error): text = "failure \(StreamError(error))"
            case .cancel: text = "cancel"
            }
            return event.time.map { "\(text) at \(TimeFormat.offset(TimeFormat.nanoseconds($0)))" } ?? text
        }

        func describe(_ event: ShapeEvent<Failure>, _ window: some EventWindow<Element, Failure>, timed: Bool) -> String {
            let text = event.describe(window)
            return timed ? "\(text) at \(TimeFormat.offset(event.nanoseconds))" : text
        }
    }
}

/// A recorded event as a whole-shape comparison sees it.
struct ShapeEvent<Failure: Error> {
    enum Kind {
        /// The element at this index.
        case value(Int)
        case finished
        case failure(Failure)
        case cancel
    }

    var kind: Kind
    var location: EventLocation
    var nanoseconds: Int64 { location.nanoseconds }

    var isTerminal: Bool {
        if case .value = kind { return false }
        return true
    }

    /// The window's elements, then its completion or cancel.
    static func events<Element>(in window: some EventWindow<Element, Failure>) -> [ShapeEvent] {
        var events = (0..<window.elementCount).map { ShapeEvent(kind: .value($0), location: window.elementLocation(at: $0)) }
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

    func describe<Element>(_ window: some EventWindow<Element, Failure>) -> String {
        switch kind {
        case .value(let index): "value \(window.describe(window.element(at: index)))"
        case .finished: "finished"
        case .failure(let error): "failure \(StreamError(error))"
        case .cancel: "cancel"
        }
    }

    /// `==` when the errors are `Equatable` and of one type, else the same
    /// type and description.
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

extension Recorder where Input: Equatable {
    /// The recording's elements and its completion (or cancel) equal
    /// `expected`, times too where an expected event has one (within
    /// `tolerance`). On a difference, the error's ``RecordingError/details``
    /// show both side by side. See ``StreamExpectations/EventsEqual``.
    ///
    /// ```swift
    /// try recorder.events(equal: [.value(1), .value(2, at: .seconds(1)), .finished]).get()
    /// ```
    public func events(
        equal expected: [ExpectedEvent<Input, Failure>], tolerance: Duration = .zero
    ) -> RecorderExpectation<StreamExpectations.EventsEqual<Input, Failure>> {
        expecting(.init(expected, tolerance: tolerance))
    }
}
