import StreamTrace
import StreamTraceTestSupport

/// Expects the whole shape of a recording in one line: its elements and its completion (or cancel) equal `expected`,
/// times too where an expected event has one (within `tolerance`).
///
/// Reads the recorder as it is now: under virtual time everything has happened already; for a live stream, `wait(for:
/// recorder.shape(equal: …), timeout:)` waits instead. On a difference the failure, at the caller's line, names the
/// first differing event and shows expected and actual side by side, then both as marble lines on one scale, lettered
/// alike, a caret under their first difference, and one legend of whole values (no value is cut); the recording is
/// attached as a `.jsonl` trace.
///
/// ```swift
/// expectEvents(recorder, [.value(1), .value(2, at: .seconds(1)), .finished])
/// ```
public func expectEvents<Input: Equatable, Failure: Error>(
    _ recorder: Recorder<Input, Failure>, _ expected: [ExpectedEvent<Input, Failure>], tolerance: Duration = .zero,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    Assertion.shape(recorder, expected, tolerance: tolerance, named: "expectEvents")?.record(
        at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}
