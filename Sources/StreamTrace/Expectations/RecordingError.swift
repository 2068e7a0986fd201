/// Why an expectation failed: what was expected, what the recording holds instead, and the event that decided it.
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
    /// Why an expectation failed, by a stable name: reports carry it (`"reason"` in `streamtrace check --format json`,
    /// the type of a JUnit failure) and tooling groups failures by it, so a reason is never renamed.
    ///
    /// Reasons are open, as swift-argument-parser's `ExitCode` is: each is a static member declared beside the
    /// expectation that produces it (``notEnoughElements`` beside the rules `next(count)`, `prefix` and `single` share,
    /// ``noMatchingElement`` beside `next(where:)`), so a new expectation brings its own reasons and nothing else
    /// changes. The numbers behind a reason (how many elements, which one) are in the ``RecordingError/message``.
    ///
    /// ```swift
    /// do {
    ///     _ = try recorder.single.get()
    /// } catch let error as RecordingError where error.reason == .tooManyElements {
    ///     print(error.message)  // expected exactly one element, got 2
    /// }
    /// ```
    public struct Reason: Sendable, Hashable, CustomStringConvertible {
        package var rawValue: String

        package init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The stable name, as reports carry it: `notEnoughElements`.
        public var description: String { rawValue }
    }

    /// The expectation, as written: `single`, `next(2)`, `finished.inverted`.
    public var expectation: String
    /// Why it failed, by a stable name (`.notCompleted`, `.tooManyElements` …).
    public var reason: Reason
    /// One line: what was expected and what the recording holds instead.
    public var message: String
    /// The event that decided the failure.
    public var location: EventLocation?
    /// The stream's error, when the stream failed.
    public var streamError: StreamError?
    /// The trace file of ``location``'s line, for a recording read from several traces (a group's folder).
    package var file: String?
    /// The window's last events as a marble line (set by ``StreamExpectation/verdict(in:)``).
    package var timeline: RecentTimeline?
    /// More lines for a person (a whole-shape comparison's side-by-side table, a group's lanes), shown by ``report``.
    package var details: String?
    /// The elements that decided the failure, by index in the window, when more than the one at ``location`` did (an
    /// order's two events): a group's lanes mark them (``GroupTimeline``).
    package var decidingElements: [Int] = []
    /// Whether ``details`` already draw one lane per stream of a group (a group's marbles): then no group timeline is
    /// added under them.
    package var drawsLanes = false
    /// Whether the recorder should say what its clock was doing, as it does for a wait that timed out (a marble diagram
    /// the stream never reached the end of).
    package var explainsTime = false
    /// What the recorder's clock was doing when time may explain the failure (``ClockDiagnosis``).
    package var clockNote: String?
    /// The events recorded outside the tasks a virtual clock runs one at a time, whose order the clock did not set.
    package var orderNote: String?
    /// Where test helpers record the failure instead of their caller's line (an input whose diagram did not parse).
    package var origin: FailureOrigin?
    /// Whether a wait's timeout (or the cancellation of its task) ended the window, rather than the recording: what
    /// XCTest's waits report as "Asynchronous wait failed".
    package var waitEnded = false

    package init(
        expectation: String, reason: Reason, message: String, location: EventLocation?, streamError: StreamError? = nil
    ) {
        self.expectation = expectation
        self.reason = reason
        self.message = message
        self.location = location
        self.streamError = streamError
    }

    /// The message and the deciding event: `expected exactly one element, got 3 (line 4, t=+2.1ms)`.
    package var summary: String {
        location.map { "\(message) (\($0.description(inFile: file)))" } ?? message
    }

    /// What ``RecorderExpectation/get()`` and ``RecorderExpectation/value(timeout:)`` throw for this failure, as
    /// CombineExpectations does: the stream's own error when the stream's failure decided it, else this error.
    package var thrown: any Error {
        guard reason == .streamFailed, let streamError else { return self }
        return streamError.underlying
    }

    /// The summary and the recent timeline: `…got 2 (event 3, t=+2ms); recent: -a---(b|) a = 1, b = 2`.
    package var explanation: String {
        timeline.map { "\(summary); recent: \($0)" } ?? summary
    }

    /// One line: the expectation, what happened and the recent events: `single: expected exactly one element, got 2
    /// (event 3, t=+2ms); recent: -a---(b|) a = 1, b = 2`.
    public var description: String {
        "\(expectation): \(explanation)"
    }

    /// The description, or, when the failure has details (which draw the recording themselves, lettered alike with what
    /// was expected), the expectation and its summary followed by the details; then what the recorder's clock was
    /// doing, when time may explain the failure, and the events whose order a virtual clock did not set: what test
    /// helpers report.
    public var report: String {
        let report = details.map { "\(expectation): \(summary)\n\($0)" } ?? description
        return [report, clockNote, orderNote].compactMap { $0 }.joined(separator: "\n")
    }
}
