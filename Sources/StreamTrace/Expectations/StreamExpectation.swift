/// One question about a recorded stream, decided from the events of a window: the one engine behind
/// `recorder.next().get()`, waits, and `streamtrace check`. A few expectations read the ``EventWindow`` themselves; the
/// others map what one of these passes with (``Verdict/map(_:)``). Conform to write an expectation of your own:
///
/// ```swift
/// struct Nothing<Element, Failure: Error>: StreamExpectation {
///     var name: String { "nothing" }
///     func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Void> {
///         window.elementCount == 0
///             ? .passed((), cursor: nil, at: nil)
///             : .failed(
///                 RecordingError(
///                     expectation: name, reason: .tooManyElements,
///                     message: "expected no element", location: window.elementLocation(at: 0)))
///     }
/// }
/// ```
package protocol StreamExpectation<Element, Failure, Output>: Sendable {
    associatedtype Element
    associatedtype Failure: Error
    associatedtype Output

    /// The expectation as written in Swift: `next(2)`, `finished.inverted`.
    var name: String { get }

    /// Decides from the events of `window`. Never `.pending` when the window is final.
    func evaluate(in window: some EventWindow<Element, Failure>) -> Verdict<Output>

    /// Which events may decide it while its window is open: a wait evaluates it only on those. Every event by default.
    var wakeCondition: WakeCondition { get }
}

extension StreamExpectation {
    package var wakeCondition: WakeCondition { .everyEvent }

    /// Decides from `window`, failing first if the stream broke its contract, and ending every failure with the
    /// window's recent timeline: what recorders and the checker call. A failure is named after this expectation,
    /// whichever expectation it was derived from found it.
    package func verdict(in window: some EventWindow<Element, Failure>) -> Verdict<Output> {
        verdict(in: window) { evaluate(in: $0) }
    }

    /// The same for another rule of this expectation over `window` (the elements of a run, ``RunExpectation``).
    package func verdict<Window: EventWindow<Element, Failure>, Value>(
        in window: Window, _ evaluate: (Window) -> Verdict<Value>
    ) -> Verdict<Value> {
        let verdict: Verdict<Value>
        if let (message, location) = window.violation {
            verdict = .failed(window.failure(.misbehaved, "the stream misbehaved: \(message)", at: location))
        } else {
            verdict = evaluate(window)
        }
        guard case .failed(let error) = verdict else { return verdict }
        return .failed(window.named(name, error))
    }
}

extension RecordingError.Reason {
    /// The stream broke its contract (an event after its completion): every expectation fails with it.
    public static let misbehaved = Self(rawValue: "misbehaved")
}

/// An expectation that has an inverted form, which passes when the window ends before it would be fulfilled.
package protocol InvertibleExpectation: StreamExpectation {
    associatedtype InvertedOutput
    func evaluateInverted(in window: some EventWindow<Element, Failure>) -> Verdict<InvertedOutput>
}

/// The namespace of the expectations a recorder offers.
package enum StreamExpectations {}
