/// Why an expectation failed: what was expected, what the recording holds
/// instead, and the event that decided it.
///
/// ```swift
/// let recorder = Recorder<Int, Never>(clock: TestClock())
/// recorder.receive(1)
/// recorder.receive(2)
/// recorder.receive(completion: .finished)
/// do { _ = try recorder.single.get() } catch {
///     print(error)  // single: expected exactly one element, got 2 (event 3, t=+0ns); recent: (ab|)  a = 1, b = 2
/// }
/// ```
public struct RecordingError: Error, Equatable, CustomStringConvertible {
    /// The kinds of failure, as CombineExpectations names them.
    public enum Reason: Sendable, Hashable {
        /// The stream did not complete in the window.
        case notCompleted
        /// Fewer elements than expected arrived.
        case notEnoughElements(expected: Int, actual: Int)
        /// More elements than expected arrived.
        case tooManyElements(actual: Int)
        /// The stream failed; see ``RecordingError/streamError``.
        case failed
        /// The stream finished where a failure was expected.
        case finished
        /// A whole-shape comparison found a different event at this
        /// (0-based) position.
        case eventsDiffer(index: Int)
        /// `next(where:)` found no element it accepts; it skipped this many.
        case noMatchingElement(skipped: Int)
        /// A query's matcher rejected the value its expectation passed with.
        case mismatch
        /// An inverted expectation was fulfilled.
        case invertedFulfilled
        /// The stream broke its contract (an event after its completion).
        case misbehaved
    }

    /// The expectation, as written: `single`, `next(2)`, `finished.inverted`.
    public var expectation: String
    public var reason: Reason
    /// One line: what was expected and what the recording holds instead.
    public var message: String
    /// The event that decided the failure.
    public var location: EventLocation?
    /// The stream's error, when the stream failed.
    public var streamError: StreamError?
    /// The last events of the window the expectation read, as a marble
    /// line (set by ``StreamExpectation/verdict(in:)``).
    public var timeline: RecentTimeline?
    /// More lines for a person (a whole-shape comparison's side-by-side
    /// table), shown by ``report``.
    public var details: String?

    public init(
        expectation: String, reason: Reason, message: String, location: EventLocation?, streamError: StreamError? = nil
    ) {
        self.expectation = expectation
        self.reason = reason
        self.message = message
        self.location = location
        self.streamError = streamError
    }

    /// The message and the deciding event: `expected exactly one element,
    /// got 3 (line 4, t=+2.1ms)`.
    public var summary: String {
        location.map { "\(message) (\($0))" } ?? message
    }

    /// The summary and the recent timeline: `expected exactly one element,
    /// got 2 (event 3, t=+2ms); recent: -a---(b|)  a = 1, b = 2`.
    public var explanation: String {
        timeline.map { "\(summary); recent: \($0)" } ?? summary
    }

    /// One line: the expectation, then its ``explanation``:
    /// `single: expected exactly one element, got 2 (event 3, t=+2ms); recent: -a---(b|)  a = 1, b = 2`.
    public var description: String {
        "\(expectation): \(explanation)"
    }

    /// The description, or, when there are ``details`` (which draw the
    /// recording themselves, lettered alike with what was expected), the
    /// expectation and its summary followed by the details: what test
    /// helpers report.
    public var report: String {
        details.map { "\(expectation): \(summary)\n\($0)" } ?? description
    }
}
