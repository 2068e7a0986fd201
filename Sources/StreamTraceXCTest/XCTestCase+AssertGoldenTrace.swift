import StreamTrace
import StreamTraceTestSupport
import XCTest

extension XCTestCase {
    /// Asserts that a recorder's trace matches the golden trace `name`, `__Traces__/name.jsonl` next to the test file;
    /// with `STREAMTRACE_RECORD=1` in the environment, writes that file instead and says so.
    ///
    /// Compare `exact`ly (times too), with times `.ignored`, or within a `.tolerance(…)`. A failure, at the caller's
    /// line, gives the event-by-event diff with line numbers, as `streamtrace diff` prints it. Record under virtual
    /// time so the file is the same on every run.
    ///
    /// ```swift
    /// assertGoldenTrace(of: recorder, named: "forgot-password")
    /// ```
    public func assertGoldenTrace<Input, Failure: Error>(
        of recorder: Recorder<Input, Failure>, named name: String, time: TimeComparison = .exact,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        assertGoldenTrace(
            of: recorder, at: GoldenTrace.path(named: name, nextTo: "\(file)"), time: time, file: file, line: line)
    }

    /// Like ``assertGoldenTrace(of:named:time:file:line:)``, with the golden file's path given.
    public func assertGoldenTrace<Input, Failure: Error>(
        of recorder: Recorder<Input, Failure>, at path: String, time: TimeComparison = .exact,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        Assertion.golden(recorder, at: path, time: time)?.record(file: file, line: line)
    }
}
