import StreamTrace
import StreamTraceTestSupport
import XCTest

extension XCTestCase {
    /// Waits for a recorder's expectation and returns its value, as CombineExpectations spells it:
    ///
    /// ```swift
    /// let firstTwo = try wait(for: recorder.next(2), timeout: .seconds(60))
    /// try wait(for: recorder.finished.inverted, timeout: .milliseconds(100))  // still open
    /// ```
    ///
    /// Blocks the calling thread until the expectation is decided (woken by the recorder's events) or `timeout` of
    /// wall-clock time passes; on the main thread the main run loop and main queue keep running. If the expectation
    /// fails, the failure is recorded once, at the caller's line, with the `RecordingError.report` (what was expected,
    /// what the recording holds, the deciding event, the recent timeline), and the test stops there. In `async` tests,
    /// use ``fulfillment(of:timeout:description:file:line:)-(_,Duration,_,_,_)``.
    ///
    /// To assert that an expectation fails, use the recorder's own `value(timeout:)` (or `get()`), which throws the
    /// `RecordingError` without failing the test.
    @available(*, noasync, message: "wait(for:timeout:) blocks its thread; in async tests use fulfillment(of:timeout:)")
    @discardableResult
    public func wait<Output>(
        for expectation: RecorderExpectation<Output>, timeout: Duration, description: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> Output {
        do {
            return try expectation.wait(timeout: timeout)
        } catch {
            try fail(with: error, of: expectation.trace, description: description, file: file, line: line)
        }
    }

    /// Suspends until a recorder's expectation is decided or `timeout` seconds pass, and returns its value:
    /// ``wait(for:timeout:description:file:line:)-(_,Duration,_,_,_)`` for async tests (the counterpart of `XCTestCase.fulfillment(of:)`).
    @discardableResult
    public func fulfillment<Output>(
        of expectation: RecorderExpectation<Output>, timeout: Duration, description: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) async throws -> Output {
        do {
            return try await expectation.value(timeout: timeout)
        } catch {
            try fail(with: error, of: expectation.trace, description: description, file: file, line: line)
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

    /// Records `error` once at `file`:`line` and stops the test.
    private func fail(
        with error: any Error, of trace: any RecordedTrace, description: String, file: StaticString, line: UInt
    ) throws -> Never {
        var failure = TestFailure(waitError: error, of: trace)
        if !description.isEmpty { failure.message = "\(description): \(failure.message)" }
        failure.record(file: file, line: line)
        // Stops the test without recording a second failure: the one above stands.
        throw XCTSkip(TestFailure.stopReason, file: file, line: line)
    }
}
