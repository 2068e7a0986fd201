/// One question about a recorded stream, decided from the events of a
/// window: the one engine behind `recorder.next().get()`, waits, and
/// `streamtrace check`.
///
/// Each expectation reads an ``EventWindow`` and returns a ``Verdict``:
/// pending while an open window may still change the answer, else passed
/// with its value, or failed with a ``RecordingError``.
public protocol Expectation<Element, Failure, Output>: Sendable {
    associatedtype Element
    associatedtype Failure: Error
    associatedtype Output

    /// The expectation as written in Swift: `next(2)`, `finished.inverted`.
    var name: String { get }

    /// Decides from the events of `window`. Never `.pending` when the
    /// window is final.
    func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Output>

    /// Which events may decide this expectation while its window is open:
    /// a cheap filter that spares waits an evaluation per event. The
    /// default is every event.
    var wakeCondition: WakeCondition { get }
}

extension Expectation {
    public var wakeCondition: WakeCondition { .everyEvent }
}

extension Expectation {
    /// Decides from `window`, failing first if the stream broke its
    /// contract. This is what recorders and the CLI call.
    public func verdict(in window: some EventWindow<Element, Failure>) -> Verdict<Output> {
        if let (message, location) = window.violation {
            var error = RecordingError(
                expectation: name, reason: .misbehaved, message: "the stream misbehaved: \(message)", location: location)
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
/// `prefix(n)`), which passes when the window ends before it would be
/// fulfilled.
public protocol InvertibleExpectation: Expectation {
    associatedtype InvertedOutput
    /// Decides the inverted expectation.
    func evaluateInverted(in window: some EventWindow<Element, Failure>) -> Verdict<InvertedOutput>

    /// Like ``Expectation/wakeCondition``, for the inverted expectation.
    var invertedWakeCondition: WakeCondition { get }
}

/// The namespace of the expectations a recorder offers.
public enum StreamExpectations {}
