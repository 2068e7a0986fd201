import StreamTrace
import StreamTraceTestSupport

/// Expects that a recorder's trace matches the golden trace `name`, `__Traces__/name.jsonl` next to the test file; with
/// `STREAMTRACE_RECORD=1` in the environment, writes that file instead and says so.
///
/// Compare `exact`ly (times too), with times `.ignored`, or within a `.tolerance(…)`. A failure, at the caller's line,
/// gives the event-by-event diff with line numbers, as `streamtrace diff` prints it, and attaches the recording. Record
/// under virtual time so the file is the same on every run.
///
/// ```swift
/// expectGoldenTrace(of: recorder, named: "forgot-password")
/// ```
public func expectGoldenTrace<Input, Failure: Error>(
    of recorder: Recorder<Input, Failure>, named name: String, time: TimeComparison = .exact,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    expectGoldenTrace(
        of: recorder, at: GoldenTrace.path(named: name, nextTo: "\(filePath)"), time: time, fileID: fileID,
        filePath: filePath, line: line, column: column)
}

/// Like ``expectGoldenTrace(of:named:time:fileID:filePath:line:column:)``, with the golden file's path given.
public func expectGoldenTrace<Input, Failure: Error>(
    of recorder: Recorder<Input, Failure>, at path: String, time: TimeComparison = .exact,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    Assertion.golden(recorder, at: path, time: time)?.record(
        at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}
