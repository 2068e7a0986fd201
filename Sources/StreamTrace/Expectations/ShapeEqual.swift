extension StreamExpectations {
    /// The recording's elements and its end (completion or cancel) equal an expected list (`shape(equal:)`). Errors
    /// compare with `==` when `Equatable`, else by type and description; an expected event with a time also compares
    /// times, within `tolerance`. Subscriptions and requests are not compared; a list that ends without a completion
    /// passes once exactly its elements have arrived.
    // Only reads the expected elements it holds (under the recorder's lock): Sendable as the others are.
    package struct ShapeEqual<Element: Equatable, Failure: Error>: StreamExpectation, @unchecked Sendable {
        package let expected: [ExpectedEvent<Element, Failure>]
        package let tolerance: Duration

        package init(_ expected: [ExpectedEvent<Element, Failure>], tolerance: Duration = .zero) {
            self.expected = expected
            self.tolerance = tolerance
        }

        package var name: String { "shape(equal:)" }

        package func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Void> {
            if staysPending(window) { return .pending }
            let actual = ShapeEvent.events(in: window)
            let common = min(actual.count, expected.count)
            let first = (0..<common).first { !matches(expected[$0], actual[$0], window) } ?? common
            if first == expected.count, first == actual.count {
                return .passed((), cursor: nil, at: window.endLocation)
            }
            let ended = actual.last?.isTerminal ?? false
            if first == actual.count, !ended, !window.end.isFinal { return .pending }

            let message: String
            let reason: RecordingError.Reason
            let location: EventLocation?
            if first < common {
                reason = .eventsDiffer
                message =
                    "expected #\(first + 1) to be \(describe(expected[first], window)), got \(describe(actual[first], window, timed: expected[first].time != nil))"
                location = actual[first].location
            } else if first == actual.count {
                reason = .notEnoughElements
                let ending = ended ? "" : window.ending
                message =
                    "expected \(expected.count) events, got \(actual.count)\(ending): #\(first + 1) \(describe(expected[first], window)) is missing"
                location = actual.last?.location ?? window.lastEvent?.location
            } else {
                reason = .tooManyElements
                message =
                    "expected \(expected.count) events, got more: #\(first + 1) is \(describe(actual[first], window, timed: false))"
                location = actual[first].location
            }
            var error = window.failure(reason, message, at: location)
            error.details = table(actual, firstDifference: first, window)
            return .failed(error)
        }

        /// Whether an open window still holds only the first elements of `expected`, reading only the elements after
        /// those a wait's pending evaluation already matched (``EventWindow/scannedCount``).
        private func staysPending(_ window: some EventWindow<Element, Failure>) -> Bool {
            guard window.completion == nil, !window.end.isFinal, window.elementCount < expected.count else {
                return false
            }
            return (window.scannedCount..<window.elementCount).allSatisfy { index in
                let actual = ShapeEvent<Failure>(kind: .value(index), location: window.elementLocation(at: index))
                return matches(expected[index], actual, window)
            }
        }

        private func matches(
            _ expected: ExpectedEvent<Element, Failure>, _ actual: ShapeEvent<Failure>,
            _ window: some EventWindow<Element, Failure>
        ) -> Bool {
            if let time = expected.time,
                !TimeComparison.tolerance(tolerance).agree(TimeFormat.nanoseconds(time), actual.nanoseconds)
            {
                return false
            }
            switch (expected.kind, actual.kind) {
            case (.value(let element), .value(let index)): return window.element(at: index) == element
            case (.finished, .finished), (.cancel, .cancel): return true
            case (.failure(let expectedError), .failure(let actualError)):
                return ShapeEvent<Failure>.errorsEqual(expectedError, actualError)
            default: return false
            }
        }

        /// The side-by-side table of the events around the first difference, their values lettered by `==`.
        private func table(
            _ actual: [ShapeEvent<Failure>], firstDifference first: Int, _ window: some EventWindow<Element, Failure>
        ) -> String {
            let shown = ShapeTable.shown(around: first, count: max(expected.count, actual.count))
            let expectedShown = expected[min(shown.lowerBound, expected.count)..<min(shown.upperBound, expected.count)]
            let actualShown = actual[min(shown.lowerBound, actual.count)..<min(shown.upperBound, actual.count)]
            var distinct: [Element] = []
            func row(_ kind: ExpectedEvent<Element, Failure>.Kind, _ time: Int64?, showsTime: Bool) -> ShapeTable.Row {
                var row = ShapeTable.Row(event: "", nanoseconds: time, showsTime: showsTime, mark: .finished)
                switch kind {
                case .value(let element):
                    let key = distinct.firstIndex(of: element) ?? distinct.count
                    if key == distinct.count { distinct.append(element) }
                    let text = window.describe(element)
                    (row.event, row.value, row.mark) = ("value", (text, key), .element(text))
                case .finished: row.event = "finished"
                case .failure(let error): (row.event, row.mark) = ("failure \(StreamError(error))", .failure)
                case .cancel: (row.event, row.mark) = ("cancel", .cancel)
                }
                return row
            }
            let expectedRows = expectedShown.map { event in
                let time = event.time.map(TimeFormat.nanoseconds)
                return row(event.kind, time, showsTime: time != nil)
            }
            let actualRows = actualShown.map { event in
                row(Self.kind(of: event, window), event.nanoseconds, showsTime: true)
            }
            return ShapeTable(
                expected: expectedRows, actual: actualRows, shown: shown,
                more: (expected.count > shown.upperBound, actual.count > shown.upperBound), firstDifference: first,
                base: shown.lowerBound > 0 ? actual[shown.lowerBound - 1].nanoseconds : 0
            ).text
        }

        private static func kind(of event: ShapeEvent<Failure>, _ window: some EventWindow<Element, Failure>)
            -> ExpectedEvent<Element, Failure>.Kind
        {
            switch event.kind {
            case .value(let index): .value(window.element(at: index))
            case .finished: .finished
            case .failure(let error): .failure(error)
            case .cancel: .cancel
            }
        }

        func describe(_ event: ExpectedEvent<Element, Failure>, _ window: some EventWindow<Element, Failure>) -> String
        {
            let text: String
            switch event.kind {
            case .value(let element): text = "value \(window.describe(element))"
            case .finished: text = "finished"
            case .failure(let error): text = "failure \(StreamError(error))"
            case .cancel: text = "cancel"
            }
            return event.time.map { "\(text) at \(TimeFormat.offset(TimeFormat.nanoseconds($0)))" } ?? text
        }

        /// A recorded event as an expected one with its kind (and its time, if `timed`) is described.
        func describe(_ event: ShapeEvent<Failure>, _ window: some EventWindow<Element, Failure>, timed: Bool) -> String
        {
            describe(
                ExpectedEvent(Self.kind(of: event, window), at: timed ? .nanoseconds(event.nanoseconds) : nil), window)
        }
    }
}

extension RecordingError.Reason {
    /// A whole-shape comparison (`shape(equal:)`) found a different event.
    public static let eventsDiffer = Self(rawValue: "eventsDiffer")
}

extension Recorder where Input: Equatable {
    /// The recording's elements and its completion (or cancel) equal `expected`, times too where an expected event has
    /// one (within `tolerance`). On a difference, the error's ``RecordingError/report`` shows both side by side, then
    /// both as marble lines lettered alike.
    ///
    /// ```swift
    /// try recorder.shape(equal: [.value(1), .value(2, at: .seconds(1)), .finished]).get()
    /// ```
    public func shape(
        equal expected: [ExpectedEvent<Input, Failure>], tolerance: Duration = .zero
    ) -> RecorderExpectation<Void> {
        expecting(StreamExpectations.ShapeEqual<Input, Failure>(expected, tolerance: tolerance))
    }
}
