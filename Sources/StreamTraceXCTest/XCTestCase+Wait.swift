import StreamTrace
import XCTest

extension XCTestCase {
    /// Waits for a recorder's expectation and returns its value, as
    /// CombineExpectations spells it:
    ///
    /// ```swift
    /// let firstTwo = try wait(for: recorder.next(2), timeout: 1)
    /// try wait(for: recorder.finished.inverted, timeout: 0.1)  // still open
    /// ```
    ///
    /// Blocks the calling thread until the expectation is decided (woken by
    /// the recorder's events) or `timeout` seconds pass; on the main thread
    /// the main run loop and main queue keep running. If the expectation
    /// fails, the failure is recorded at the caller's `file` and `line`
    /// with the `RecordingError.report` (expected vs. actual, the deciding
    /// event, the recent timeline) and the test stops there, as with
    /// `XCTUnwrap`: the message starts `XCTUnwrap failed: expected non-nil
    /// value of type "Output"`.
    ///
    /// To assert that an expectation fails, use the recorder's own
    /// `wait(timeout:)`, which throws the `RecordingError` without
    /// recording anything.
    @discardableResult
    public func wait<E: StreamExpectation>(
        for expectation: RecorderExpectation<E>, timeout: TimeInterval, description: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> E.Output {
        do {
            return try expectation.wait(timeout: timeout)
        } catch {
            return try fail(with: error, description: description, file: file, line: line)
        }
    }

    /// Suspends until a recorder's expectation is decided or `timeout`
    /// seconds pass, and returns its value: ``wait(for:timeout:description:file:line:)``
    /// for async tests (the counterpart of `XCTestCase.fulfillment(of:)`).
    @discardableResult
    public func fulfillment<E: StreamExpectation>(
        of expectation: RecorderExpectation<E>, timeout: TimeInterval, description: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) async throws -> E.Output {
        do {
            return try await expectation.value(timeout: timeout)
        } catch {
            return try fail(with: error, description: description, file: file, line: line)
        }
    }

    /// Records `error` at `file`:`line` and stops the test without a second
    /// failure for the thrown error.
    private func fail<Output>(with error: RecordingError, description: String, file: StaticString, line: UInt) throws
        -> Output
    {
        let message = description.isEmpty ? error.report : "\(description): \(error.report)"
        return try XCTUnwrap(Output?.none, message, file: file, line: line)
    }
}
