import StreamTrace
import StreamTraceTestSupport
import XCTest

extension XCTestCase {
    /// Asserts that a recording is drawn as a marble diagram: each frame (1 ms, or `frame`) holds exactly the diagram's
    /// events, in order.
    ///
    /// Elements take their value from `values`, else, for `String` elements, their character; `#` matches `error` if
    /// given, else any failure. Reads the recorder as it is now: under virtual time, advance the clock past the diagram
    /// first. On a difference the failure, at the caller's line, names the first differing frame and draws expected
    /// over actual on one scale, lettered alike, a caret under the difference and one legend of whole values; when the
    /// recording stops short of the diagram, it says what the clock was doing. On Apple platforms the recording is
    /// attached to the test. The grammar is in docs/marbles.md.
    ///
    /// ```swift
    /// assertMarbles(recorder, "-a--b-c|", values: ["a": 1, "b": 2, "c": 3])
    /// ```
    public func assertMarbles<Input: Equatable, Failure: Error>(
        _ recorder: Recorder<Input, Failure>, _ diagram: String, values: [Character: Input] = [:],
        error: (any Error)? = nil, frame: Duration = .milliseconds(1), file: StaticString = #filePath,
        line: UInt = #line
    ) {
        Assertion.marbles(recorder, diagram, values: values, error: error, frame: frame, named: "assertMarbles")?
            .record(file: file, line: line)
    }
}
