import StreamTrace
import StreamTraceTestSupport

/// Waits for a recorder's expectation and returns its value, in Swift Testing:
///
/// ```swift
/// let firstTwo = try await wait(for: recorder.next(2), timeout: .seconds(60))
/// try await wait(for: recorder.finished.inverted, timeout: .milliseconds(100))  // still open
/// ```
///
/// Suspends until the expectation is decided (woken by the recorder's events) or `timeout` of wall-clock time passes.
/// If it fails, the failure is recorded once, at the caller's line, with the `RecordingError.report` (what was
/// expected, what the recording holds, the deciding event, the recent timeline), the recording is attached as a
/// `.jsonl` trace, and the test stops there.
///
/// To assert that an expectation fails, use the recorder's own `result()` or `value(timeout:)`, which fail no test:
/// `value(timeout:)` throws the stream's own error when the stream failed, and the `RecordingError` otherwise.
@discardableResult
public func wait<Output>(
    for expectation: RecorderExpectation<Output>, timeout: Duration, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) async throws -> Output {
    switch await expectation.result(timeout: timeout) {
    case .success(let value):
        return value
    case .failure(let error):
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        TestFailure(waitError: error, of: expectation.trace).record(at: location)
        try TestFailure.stop(at: location)
    }
}
