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
    /// A short text for an element, for messages.
    func describe(_ element: Element) -> String
    /// The element at `index` as a failure message's timeline draws it: its
    /// text cut short (`nil` if not known), and its time.
    func timelineElement(at index: Int) -> (label: String?, nanoseconds: Int64)
}

/// What an expectation decided.
public enum Verdict<Output> {
    /// Not decided yet: more events may decide it. Only given while the
    /// window is open.
    case pending
    /// Fulfilled, with its value and the cursor position it moves to
    /// (`nil`: unchanged).
    case passed(Output, cursor: Int?)
    /// Not fulfilled.
    case failed(RecordingError)
}

extension EventWindow {
    public func timelineElement(at index: Int) -> (label: String?, nanoseconds: Int64) {
        (RecentTimeline.label(describe(element(at: index))), elementLocation(at: index).nanoseconds)
    }

    var unconsumedCount: Int { elementCount - consumedCount }

    func elements(_ range: Range<Int>) -> [Element] {
        range.map { element(at: $0) }
    }

    func error(
        _ expectation: String, _ reason: RecordingError.Reason, _ message: String, at location: EventLocation?,
        streamError: (any Error)? = nil
    ) -> RecordingError {
        RecordingError(
            expectation: expectation, reason: reason, message: message, location: location,
            streamError: streamError.map(StreamError.init))
    }

    /// The stream failed where `expected` was expected.
    func streamFailed(_ expectation: String, expected: String, _ failure: Failure, at location: EventLocation) -> RecordingError {
        error(
            expectation, .failed, "expected \(expected), but the stream failed with \(StreamError(failure))", at: location,
            streamError: failure)
    }

    /// No completion in the window.
    func notCompleted(_ expectation: String) -> RecordingError {
        if case .cancelled(let location) = end {
            return error(expectation, .notCompleted, "not completed: the subscriber cancelled", at: location)
        }
        guard let last = lastEvent else {
            return error(expectation, .notCompleted, "not completed\(end.phrase): no events were recorded", at: nil)
        }
        return error(expectation, .notCompleted, "not completed\(end.phrase): last event is \(last.kind)", at: last.location)
    }

    /// Fewer than `expected` elements arrived; `what` says which ("more" for
    /// `next`).
    func notEnough(_ expectation: String, expected: Int, actual: Int, what: String = "") -> RecordingError {
        let noun = expected == 1 ? "element" : "elements"
        let message = "expected \(expected)\(what) \(noun), got \(actual)"
        if let (completion, location) = completion, case .finished = completion {
            return error(
                expectation, .notEnoughElements(expected: expected, actual: actual),
                message + " before the stream finished", at: location)
        }
        if case .cancelled(let location) = end {
            return error(
                expectation, .notEnoughElements(expected: expected, actual: actual), message + end.phrase, at: location)
        }
        let ending = end == .endOfTrace ? " before the trace ends" : end.phrase
        return error(
            expectation, .notEnoughElements(expected: expected, actual: actual), message + ending,
            at: lastEvent?.location)
    }

    /// Describes how a completion fulfilled an inverted expectation.
    func completionPhrase(_ completion: StreamCompletion<Failure>) -> String {
        switch completion {
        case .finished: "the stream finished"
        case .failure(let failure): "the stream failed with \(StreamError(failure))"
        }
    }
}
