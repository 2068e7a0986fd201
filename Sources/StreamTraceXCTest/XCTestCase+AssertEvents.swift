import StreamTrace
import StreamTraceTestSupport
import XCTest

extension XCTestCase {
    /// Asserts the whole shape of a recording in one line: its elements and its completion (or cancel) equal
    /// `expected`, times too where an expected event has one (within `tolerance`).
    ///
    /// Reads the recorder as it is now: under virtual time everything has happened already; for a live stream,
    /// `wait(for: recorder.shape(equal: …), timeout:)` waits instead. On a difference the failure, at the caller's
    /// line, names the first differing event and shows expected and actual side by side, then both as marble lines on
    /// one scale, lettered alike, a caret under their first difference, and one legend of whole values (no value is
    /// cut); on Apple platforms the recording is attached to the test.
    ///
    /// ```swift
    /// assertEvents(recorder, [.value(1), .value(2, at: .seconds(1)), .finished])
    /// ```
    public func assertEvents<Input: Equatable, Failure: Error>(
        _ recorder: Recorder<Input, Failure>, _ expected: [ExpectedEvent<Input, Failure>],
        tolerance: Duration = .zero, file: StaticString = #filePath, line: UInt = #line
    ) {
        Assertion.shape(recorder, expected, tolerance: tolerance, named: "assertEvents")?.record(
            file: file, line: line)
    }
}
