/// The events an expectation may look at: everything recorded from the
/// subscription up to the end of its window.
///
/// This is the seam between the one expectation engine and its two
/// sources: a live ``Recorder`` (which may still grow while a wait is in
/// progress) and a trace read from disk. Expectations only read through it.
public protocol EventWindow<Element, Failure> {
    associatedtype Element
    associatedtype Failure: Error

    /// The number of elements in the window, consumed ones included.
    var elementCount: Int { get }
    /// How many elements earlier `next` expectations consumed: the cursor.
    var consumedCount: Int { get }
    /// The element at `index` (`0..<elementCount`).
    func element(at index: Int) -> Element
    /// Where the element at `index` was recorded.
    func elementLocation(at index: Int) -> EventLocation
    /// The completion in the window, if any, and where it was recorded.
    var completion: (completion: StreamCompletion<Failure>, location: EventLocation)? { get }
    /// The last event in the window, if any.
    var lastEvent: (kind: EventKind, location: EventLocation)? { get }
    /// How the window ends.
    var end: WindowEnd { get }
    /// A broken contract that makes every expectation fail: an event the
    /// stream sent after it completed.
    var violation: (message: String, location: EventLocation)? { get }
    /// The first event after the window's end, when the source knows it
    /// (a trace read from disk); `nil` for a live recording.
    var nextEvent: (kind: EventKind, location: EventLocation)? { get }
    /// An element as a message shows it: its compact JSON, whole, escaped
    /// for a terminal.
    func describe(_ element: Element) -> String
    /// The element at `index` as a failure message's timeline draws it: its
    /// text (`nil` if not known), and its time.
    func timelineElement(at index: Int) -> (label: String?, nanoseconds: Int64)
}

extension EventWindow {
    public var nextEvent: (kind: EventKind, location: EventLocation)? { nil }

    public func timelineElement(at index: Int) -> (label: String?, nanoseconds: Int64) {
        (describe(element(at: index)), elementLocation(at: index).nanoseconds)
    }

    var unconsumedCount: Int { elementCount - consumedCount }

    func elements(_ range: Range<Int>) -> [Element] {
        range.map { element(at: $0) }
    }

    /// The event that decides an expectation read at the end of the window:
    /// the completion, else the window's last event.
    var endLocation: EventLocation? { completion?.location ?? lastEvent?.location }

    /// How the window ended, for a message that ends "… before X": the
    /// trace's end, the timeout, the cancel.
    var endPhrase: String { end == .endOfTrace ? " before the trace ends" : end.phrase }

    // MARK: Shared rules

    /// The completion guard of expectations that need a stream that
    /// finished: pending while the window is open, failed if the stream
    /// failed or did not complete, else `pass` with the completion's location.
    func whenFinished<Output>(
        _ expectation: String, expected: String, _ pass: (EventLocation) -> Verdict<Output>
    ) -> Verdict<Output> {
        whenCompleted(expectation) { completion, location in
            if case .failure(let failure) = completion {
                return .failed(streamFailed(expectation, expected: expected, failure, at: location))
            }
            return pass(location)
        }
    }

    /// The completion guard of expectations that need a completion, either
    /// kind: pending while the window is open, failed if it did not
    /// complete, else `decide` with the completion.
    func whenCompleted<Output>(
        _ expectation: String, _ decide: (StreamCompletion<Failure>, EventLocation) -> Verdict<Output>
    ) -> Verdict<Output> {
        guard let (completion, location) = completion else {
            return end.isFinal ? .failed(notCompleted(expectation)) : .pending
        }
        return decide(completion, location)
    }

    // MARK: Failures

    func error(
        _ expectation: String, _ reason: RecordingError.Reason, _ message: String, at location: EventLocation?,
        streamError: (any Error)? = nil
    ) -> RecordingError {
        RecordingError(
            expectation: expectation, reason: reason, message: message, location: location,
            streamError: streamError.map(StreamError.init))
    }

    /// The stream failed where `expected` was expected.
    func streamFailed(_ expectation: String, expected: String, _ failure: Failure, at location: EventLocation)
        -> RecordingError
    {
        error(
            expectation, .failed, "expected \(expected), but the stream failed with \(StreamError(failure))",
            at: location,
            streamError: failure)
    }

    /// No completion in the window.
    func notCompleted(_ expectation: String) -> RecordingError {
        if case .cancelled(let location) = end {
            return error(expectation, .notCompleted, "not completed: the subscriber cancelled", at: location)
        }
        guard let last = lastEvent else {
            guard let next = nextEvent else {
                return error(expectation, .notCompleted, "not completed\(end.phrase): no events were recorded", at: nil)
            }
            return error(
                expectation, .notCompleted,
                "not completed\(end.phrase): no event in the window, the first is \(next.kind)", at: next.location)
        }
        return error(
            expectation, .notCompleted, "not completed\(end.phrase): last event is \(last.kind)", at: last.location)
    }

    /// Fewer than `expected` elements arrived; `what` says which ("more" for
    /// `next`).
    func notEnough(_ expectation: String, expected: Int, actual: Int, what: String = "") -> RecordingError {
        let noun = expected == 1 ? "element" : "elements"
        let message = "expected \(expected)\(what) \(noun), got \(actual)"
        let reason = RecordingError.Reason.notEnoughElements(expected: expected, actual: actual)
        if let (completion, location) = completion, case .finished = completion {
            return error(expectation, reason, message + " before the stream finished", at: location)
        }
        if case .cancelled(let location) = end {
            return error(expectation, reason, message + end.phrase, at: location)
        }
        return error(expectation, reason, message + endPhrase, at: lastEvent?.location)
    }

    /// An inverted expectation was fulfilled by the window's completion.
    func completedAfterAll(
        _ expectation: String, expected: String, _ completion: StreamCompletion<Failure>, at location: EventLocation
    ) -> RecordingError {
        let happened: String
        switch completion {
        case .finished: happened = "the stream finished"
        case .failure(let failure): happened = "the stream failed with \(StreamError(failure))"
        }
        return error(
            expectation, .invertedFulfilled, "expected \(expected)\(end.phrase), but \(happened)", at: location,
            streamError: completion.error)
    }
}
