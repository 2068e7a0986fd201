/// The events an expectation may look at: everything recorded from the subscription up to the end of its window.
/// The seam between the one expectation engine and its two sources, a live ``Recorder`` (which may still grow while
/// a wait is in progress) and a trace read from disk: expectations only read through it.
package protocol EventWindow<Element, Failure> {
    associatedtype Element
    associatedtype Failure: Error

    /// The number of elements in the window, consumed ones included.
    var elementCount: Int { get }
    /// How many elements earlier `next` expectations consumed: the cursor.
    var consumedCount: Int { get }
    func element(at index: Int) -> Element
    func elementLocation(at index: Int) -> EventLocation
    var completion: (completion: StreamCompletion<Failure>, location: EventLocation)? { get }
    var lastEvent: (kind: EventKind, location: EventLocation)? { get }
    var end: WindowEnd { get }
    /// A broken contract that makes every expectation fail: an event the stream sent after it completed.
    var violation: (message: String, location: EventLocation)? { get }
    /// The first event after the window's end, when the source knows it (a trace read from disk); `nil` when live.
    var nextEvent: (kind: EventKind, location: EventLocation)? { get }
    /// A timeout as a person wrote it (a query's `within 1500us`), which messages quote as written; `nil` if none was.
    var writtenTimeout: String? { get }
    /// The elements the same expectation already read, in the same wait, and found pending (0 at its first evaluation
    /// in the wait, and for a one-shot read: `get()`, a trace). An expectation whose pending verdict vouches for every
    /// element it read (`every(where:)`: each one matched; `next(where:)`: none after the cursor matched) starts after
    /// them, so that a wait over n elements reads each once, not n times. Never more than ``elementCount``.
    var scannedCount: Int { get }
    /// An element as a message shows it: its compact JSON, whole, escaped for a terminal.
    func describe(_ element: Element) -> String
    /// The element at `index` as a failure message's timeline draws it: its text (`nil` if not known), and its time.
    func timelineElement(at index: Int) -> (label: String?, nanoseconds: Int64)
    /// The element at `index` as a message shows it; a window that does not keep long values names one by its place.
    func describeElement(at index: Int) -> String
    /// The first element from `start` on that `condition` accepts (with `accepting`, else rejects), if the window
    /// holds one. A pass over a trace answers from what it found as the elements streamed by.
    func firstElement(from start: Int, where condition: ElementCondition<Element>, accepting: Bool) -> Int?
    /// The clock a live recording was timed by, as a marble expectation reads it; `nil` for a trace read from disk.
    var recordingClock: RecordingClock? { get }
}

extension EventWindow {
    package var nextEvent: (kind: EventKind, location: EventLocation)? { nil }
    package var writtenTimeout: String? { nil }
    package var scannedCount: Int { 0 }
    package var recordingClock: RecordingClock? { nil }

    package func timelineElement(at index: Int) -> (label: String?, nanoseconds: Int64) {
        (describe(element(at: index)), elementLocation(at: index).nanoseconds)
    }

    package func describeElement(at index: Int) -> String {
        describe(element(at: index))
    }

    var unconsumedCount: Int { elementCount - consumedCount }

    func elements(_ range: Range<Int>) -> [Element] {
        range.map { element(at: $0) }
    }

    /// Whether no event can change what the window holds: the stream completed in it, or the window ended.
    var isOver: Bool { completion != nil || end.isFinal }

    var streamFailure: (failure: Failure, location: EventLocation)? {
        guard let (completion, location) = completion, case .failure(let failure) = completion else { return nil }
        return (failure, location)
    }

    /// The event that decides an expectation read at the end of the window: the completion, else the last event.
    var endLocation: EventLocation? { completion?.location ?? lastEvent?.location }

    /// How the window ended, for a message: ` within 2s` (a query's `within` as written, a wait's timeout exactly),
    /// ` before the subscriber cancelled`…; nothing at the end of a trace or for the recording as it is now.
    var ending: String {
        guard case .timeout(let duration) = end else { return end.phrase }
        return " within " + (writtenTimeout ?? TimeFormat.exact(duration))
    }

    /// The same, where the end of a trace says so: ` before the trace ends`.
    var endingOrTraceEnd: String { end == .endOfTrace ? " before the trace ends" : ending }
}

/// The verdicts the primitives share, built from what the window holds.
extension EventWindow {
    /// Passes with `range`, decided at the last of its elements (or the window's end), the cursor at `cursor`.
    func passed(_ range: Range<Int>, cursor: Int) -> Verdict<Range<Int>> {
        let location = range.isEmpty ? endLocation : elementLocation(at: range.upperBound - 1)
        return .passed(range, cursor: cursor, at: location)
    }

    /// The rule every inverted primitive ends with, once what it expected not to happen has not: a completion in the
    /// window fails it (`expected` says what it expected instead), the window's end passes it with `value`, and until
    /// then it waits.
    func passedWithoutCompletion<Value>(
        _ value: @autoclosure () -> Value, cursor: Int?, expected: String
    ) -> Verdict<Value> {
        guard let (completion, location) = completion else {
            return end.isFinal ? .passed(value(), cursor: cursor, at: endLocation) : .pending
        }
        let happened =
            switch completion {
            case .finished: "the stream finished"
            case .failure(let failure): "the stream failed with \(StreamError(failure))"
            }
        return .failed(
            failure(
                .invertedFulfilled, "expected \(expected)\(ending), but \(happened)", at: location,
                streamError: completion.error))
    }
}
