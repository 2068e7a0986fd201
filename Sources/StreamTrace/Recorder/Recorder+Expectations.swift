extension Recorder {
    public typealias Expecting<E: Expectation> = RecorderExpectation<E> where E.Element == Input, E.Failure == Failure

    private func expecting<E: Expectation>(_ expectation: E) -> RecorderExpectation<E>
    where E.Element == Input, E.Failure == Failure {
        RecorderExpectation(recorder: self, expectation: expectation)
    }

    /// All elements published until the wait expires or the stream
    /// completes. Fails only if the stream fails.
    public var availableElements: RecorderExpectation<StreamExpectations.AvailableElements<Input, Failure>> {
        expecting(.init())
    }

    /// The stream's completion.
    public var completion: RecorderExpectation<StreamExpectations.Completion<Input, Failure>> {
        expecting(.init())
    }

    /// The number of elements when the stream completes or the wait expires.
    public var count: RecorderExpectation<StreamExpectations.Count<Input, Failure>> {
        expecting(.init())
    }

    /// All elements of a stream that finishes.
    public var elements: RecorderExpectation<StreamExpectations.Elements<Input, Failure>> {
        expecting(.init())
    }

    /// The error of a stream that fails.
    public var failure: RecorderExpectation<StreamExpectations.FailureError<Input, Failure>> {
        expecting(.init())
    }

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
    ) -> RecorderExpectation<StreamExpectations.EventsEqual<Input, Failure>> where Input: Equatable {
        expecting(.init(expected, tolerance: tolerance))
    }

    /// The stream's successful completion. Has an `inverted` form.
    public var finished: RecorderExpectation<StreamExpectations.Finished<Input, Failure>> {
        expecting(.init())
    }

    /// The last element of a stream that finishes, or `nil`.
    public var last: RecorderExpectation<StreamExpectations.Last<Input, Failure>> {
        expecting(.init())
    }

    /// The next element not yet consumed; consumes it. Has an `inverted` form.
    public func next() -> RecorderExpectation<StreamExpectations.Next<Input, Failure>> {
        expecting(.init())
    }

    /// Exactly `count` elements not yet consumed; consumes them.
    public func next(_ count: Int) -> RecorderExpectation<StreamExpectations.NextCount<Input, Failure>> {
        expecting(.init(count))
    }

    /// The first `maxLength` elements, or fewer if the stream finishes
    /// first. Has an `inverted` form.
    public func prefix(_ maxLength: Int) -> RecorderExpectation<StreamExpectations.Prefix<Input, Failure>> {
        expecting(.init(maxLength))
    }

    /// Every element and the completion.
    public var recording: RecorderExpectation<StreamExpectations.Recorded<Input, Failure>> {
        expecting(.init())
    }

    /// The one and only element of a stream that finishes.
    public var single: RecorderExpectation<StreamExpectations.Single<Input, Failure>> {
        expecting(.init())
    }
}
