import StreamTrace
import StreamTraceTestSupport
import XCTest

extension XCTestCase {
    /// Waits for a recorder's expectation and returns its value, as CombineExpectations spells and means it:
    ///
    /// ```swift
    /// let firstTwo = try wait(for: recorder.next(2), timeout: .seconds(60))
    /// try wait(for: recorder.finished.inverted, timeout: .milliseconds(100))  // still open
    /// ```
    ///
    /// Blocks the calling thread until the expectation is decided (woken by the recorder's events) or `timeout` of
    /// wall-clock time passes; on the main thread the main run loop and main queue keep running. In `async` tests, use
    /// ``fulfillment(of:timeout:description:file:line:)-(_,Duration,_,_,_)``.
    ///
    /// What it records and what it throws are CombineExpectations':
    /// - A timeout, and an inverted expectation that was fulfilled, are recorded once at the caller's line, worded as
    ///   XCTest's own waits word them (`Asynchronous wait failed: next(2): expected 2 more elements, got 1 within
    ///   1s …`, `Fulfilled inverted expectation: finished.inverted: …`), with the `RecordingError.report` (what was
    ///   expected, what the recording holds, the deciding event, the recent timeline), and the test stops there.
    /// - What the recorded events decided is thrown, as the expectation's `get()` throws it, and recorded by nothing
    ///   else: the stream's own error when it failed (`catch let error as MyError`), or a `RecordingError`
    ///   (`catch RecordingError.tooManyElements`). Uncaught, it fails the test as any thrown error does; on Apple
    ///   platforms the recording is attached. `result()` on the expectation gives the whole report.
    ///
    /// A test case that keeps a recorded failure from the test run (overriding `record(_:)`, as CombineExpectations'
    /// own `FailureTestCase` does) is not stopped: the wait then goes on as CombineExpectations' does, returning what
    /// the recording holds (the elements so far of a `prefix` that timed out) or throwing the `RecordingError`
    /// (`catch RecordingError.notCompleted`).
    @available(*, noasync, message: "wait(for:timeout:) blocks its thread; in async tests use fulfillment(of:timeout:)")
    @discardableResult
    public func wait<Output>(
        for expectation: RecorderExpectation<Output>, timeout: Duration, description: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> Output {
        do {
            return try expectation.wait(timeout: timeout)
        } catch let failure where Self.waitWording(of: failure) != nil || failure.origin != nil {
            return try fail(with: failure, of: expectation, description: description, file: file, line: line)
        } catch {
            throw thrown(error, of: expectation)
        }
    }

    /// Suspends until a recorder's expectation is decided or `timeout` passes, and returns its value:
    /// ``wait(for:timeout:description:file:line:)-(_,Duration,_,_,_)`` for async tests (the counterpart of
    /// `XCTestCase.fulfillment(of:)`). The stream's own error is thrown, as `wait(for:)` throws it; any other failure
    /// is recorded once at the caller's line and stops the test.
    @discardableResult
    public func fulfillment<Output>(
        of expectation: RecorderExpectation<Output>, timeout: Duration, description: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) async throws -> Output {
        switch await expectation.result(timeout: timeout) {
        case .success(let value):
            return value
        case .failure(let failure) where failure.reason == .streamFailed:
            throw thrown(failure, of: expectation)
        case .failure(let failure):
            return try fail(with: failure, of: expectation, description: description, file: file, line: line)
        }
    }

    /// ``wait(for:timeout:description:file:line:)-(_,Duration,_,_,_)`` with the timeout in seconds, as XCTest's own
    /// `wait(for:timeout:)` and CombineExpectations take it:
    ///
    /// ```swift
    /// try wait(for: recorder.finished.inverted, timeout: 0.1)  // still open
    /// let firstTwo = try wait(for: recorder.next(2), timeout: 1)
    /// ```
    ///
    /// A timeout that is not a number, or infinite, waits until the expectation is decided; a negative one is zero.
    @available(*, noasync, message: "wait(for:timeout:) blocks its thread; in async tests use fulfillment(of:timeout:)")
    @discardableResult
    public func wait<Output>(
        for expectation: RecorderExpectation<Output>, timeout: TimeInterval, description: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> Output {
        try wait(
            for: expectation, timeout: Self.duration(seconds: timeout), description: description, file: file,
            line: line)
    }

    /// ``fulfillment(of:timeout:description:file:line:)-(_,Duration,_,_,_)`` with the timeout in seconds, as XCTest's own
    /// `fulfillment(of:timeout:)` takes it: `try await fulfillment(of: recorder.next(), timeout: 1)`.
    @discardableResult
    public func fulfillment<Output>(
        of expectation: RecorderExpectation<Output>, timeout: TimeInterval, description: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) async throws -> Output {
        try await fulfillment(
            of: expectation, timeout: Self.duration(seconds: timeout), description: description, file: file,
            line: line)
    }

    /// `seconds` as a timeout: zero for a negative one, a century (a wait only its expectation ends) for one that
    /// is not finite or longer; `Duration.seconds(_:)` would trap on those.
    static func duration(seconds: TimeInterval) -> Duration {
        let century: TimeInterval = 100 * 365 * 86_400
        guard !seconds.isNaN, seconds < century else { return .seconds(Int64(century)) }
        return seconds > 0 ? .seconds(seconds) : .zero
    }

    /// What the wait throws for a failure the recorded events decided, the recording attached to the test (kept only
    /// if the test fails): the stream's own error, or the `RecordingError`.
    private func thrown<Output>(_ failure: RecordingError, of expectation: RecorderExpectation<Output>) -> any Error {
        TestFailure(waitError: failure, of: expectation.trace).attach(keepingOnSuccess: false)
        return failure.thrown
    }

    /// How XCTest words the failure of its own waits, for the failures a wait (not the recording) decides: a timeout
    /// and an inverted expectation that was fulfilled.
    private static func waitWording(of failure: RecordingError) -> String? {
        if failure.waitEnded { return "Asynchronous wait failed" }
        return failure.reason == .invertedFulfilled ? "Fulfilled inverted expectation" : nil
    }

    /// Records `failure` once at `file`:`line` and stops the test; when the test case kept the failure from the run,
    /// goes on as CombineExpectations' wait does (`RecorderExpectation.recovered(after:)`).
    private func fail<Output>(
        with failure: RecordingError, of expectation: RecorderExpectation<Output>, description: String,
        file: StaticString, line: UInt
    ) throws -> Output {
        var report = TestFailure(waitError: failure, of: expectation.trace)
        if !description.isEmpty { report.message = "\(description): \(report.message)" }
        let failuresBefore = testRun?.totalFailureCount ?? 0
        if let wording = Self.waitWording(of: failure), !report.wasRecorded, failure.origin == nil {
            report.message = "\(wording): \(report.message)"
            report.record(asWaitOf: self, file: file, line: line)
        } else {
            report.record(file: file, line: line)
        }
        // Recorded before, at the line that created an input, it counted if the run holds a failure at all.
        let failures = testRun?.totalFailureCount ?? 0
        guard report.wasRecorded ? failures > 0 : failures > failuresBefore else {
            return try expectation.recovered(after: failure)
        }
        // Stops the test without recording a second failure: the one above stands, so the test ends failed.
        throw XCTSkip(TestFailure.stopReason, file: file, line: line)
    }
}
