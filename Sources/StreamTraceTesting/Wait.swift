import Foundation
import StreamTrace
import Testing

/// Waits for a recorder's expectation and returns its value, in Swift
/// Testing:
///
/// ```swift
/// let firstTwo = try await wait(for: recorder.next(2), timeout: 1)
/// try await wait(for: recorder.finished.inverted, timeout: 0.1)  // still open
/// ```
///
/// Suspends until the expectation is decided (woken by the recorder's
/// events) or `timeout` seconds pass. If it fails, an issue is recorded at
/// the caller's source location with the `RecordingError.report`
/// (expected vs. actual, the deciding event, the recent timeline), and the
/// test stops there as after a failed `#require`.
///
/// To assert that an expectation fails, use the recorder's own
/// `value(timeout:)`, which throws the `RecordingError` without recording
/// an issue.
@discardableResult
public func wait<E: StreamExpectation>(
    for expectation: RecorderExpectation<E>, timeout: TimeInterval, sourceLocation: SourceLocation = #_sourceLocation
) async throws -> E.Output {
    do {
        return try await expectation.value(timeout: timeout)
    } catch {
        try stop(with: error, at: sourceLocation)
    }
}

/// Records `error` at `sourceLocation` and throws the error Swift Testing
/// throws after a failed `#require`, so that the test stops without a
/// second issue.
func stop(with error: RecordingError, at sourceLocation: SourceLocation) throws -> Never {
    let streamExpectationFulfilled = false
    try #require(streamExpectationFulfilled, Comment(rawValue: error.report), sourceLocation: sourceLocation)
    throw error  // Not reached: #require threw.
}
