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
/// To assert that an expectation fails, use the recorder's own `value(timeout:)`, which throws the `RecordingError`
/// without failing the test.
@discardableResult
public func wait<Output>(
    for expectation: RecorderExpectation<Output>, timeout: Duration, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) async throws -> Output {
    do {
        return try await expectation.value(timeout: timeout)
    } catch {
        let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        TestFailure(waitError: error, of: expectation.trace).record(at: location)
        try TestFailure.stop(at: location)
    }
}
