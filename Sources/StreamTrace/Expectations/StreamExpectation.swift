/// One question about a recorded stream, decided from the events of a
/// window: the one engine behind `recorder.next().get()`, waits, and
/// `streamtrace check`.
///
/// Each expectation reads an ``EventWindow`` and returns a ``Verdict``:
/// pending while an open window may still change the answer, else passed
/// with its value (and the event that decided it), or failed with a
/// ``RecordingError``. Conform to write an expectation of your own:
///
/// ```swift
/// struct Nothing<Element, Failure: Error>: StreamExpectation {
///     var name: String { "nothing" }
///     func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Void> {
///         window.elementCount == 0
///             ? .passed((), cursor: nil, at: nil)
///             : .failed(
///                 RecordingError(
///                     expectation: name, reason: .tooManyElements(actual: window.elementCount),
///                     message: "expected no element", location: window.elementLocation(at: 0)))
///     }
/// }
/// ```
public protocol StreamExpectation<Element, Failure, Output>: Sendable {
    associatedtype Element
    associatedtype Failure: Error
    associatedtype Output

    /// The expectation as written in Swift: `next(2)`, `finished.inverted`.
    var name: String { get }

    /// Decides from the events of `window`. Never `.pending` when the
    /// window is final.
    func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Output>
}

/// What an expectation decided.
public enum Verdict<Output> {
    /// Not decided yet: more events may decide it. Only given while the
    /// window is open.
    case pending
    /// Fulfilled, with its value, the cursor position it moves to (`nil`:
    /// unchanged) and the event that decided it.
    case passed(Output, cursor: Int?, at: EventLocation?)
    /// Not fulfilled.
    case failed(RecordingError)
}

extension StreamExpectation {
    /// Decides from `window`, failing first if the stream broke its
    /// contract, and ending every failure with the window's recent
    /// timeline. This is what recorders and the checker call.
    public func verdict(in window: some EventWindow<Element, Failure>) -> Verdict<Output> {
        if let (message, location) = window.violation {
            var error = RecordingError(
                expectation: name, reason: .misbehaved, message: "the stream misbehaved: \(message)", location: location
            )
            error.timeline = window.recentTimeline()
            return .failed(error)
        }
        let verdict = evaluate(in: window)
        if case .failed(var error) = verdict {
            error.timeline = window.recentTimeline()
            return .failed(error)
        }
        return verdict
    }
}

/// An expectation that has an inverted form (`finished`, `next()`,
/// `prefix(n)`, `next(where:)`), which passes when the window ends before
/// it would be fulfilled.
public protocol InvertibleExpectation: StreamExpectation {
    associatedtype InvertedOutput
    /// Decides the inverted expectation.
    func evaluateInverted(in window: some EventWindow<Element, Failure>) -> Verdict<InvertedOutput>
}

/// The namespace of the expectations a recorder offers.
public enum StreamExpectations {}
