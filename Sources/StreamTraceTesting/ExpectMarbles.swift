import StreamTrace
import StreamTraceTestSupport

/// Expects a recording to be drawn as a marble diagram: each frame (1 ms, or `frame`) holds exactly the diagram's
/// events, in order.
///
/// Elements take their value from `values`, else, for `String` elements, their character; `#` matches `error` if given,
/// else any failure. Reads the recorder as it is now: under virtual time, advance the clock past the diagram first; for
/// a live stream, `wait(for: recorder.marbles(…), timeout:)` waits instead. On a difference the failure, at the
/// caller's line, names the first differing frame and draws expected over actual on one scale, lettered alike, a caret
/// under the difference and one legend of whole values; when the recording stops short of the diagram, it says what the
/// clock was doing. The recording is attached as a `.jsonl` trace. The grammar is in docs/marbles.md.
///
/// ```swift
/// expectMarbles(recorder, "-a--b-c|", values: ["a": 1, "b": 2, "c": 3])
/// ```
public func expectMarbles<Input: Equatable, Failure: Error>(
    _ recorder: Recorder<Input, Failure>, _ diagram: String, values: [Character: Input] = [:],
    error: (any Error)? = nil, frame: Duration = .milliseconds(1), fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    Assertion.marbles(recorder, diagram, values: values, error: error, frame: frame, named: "expectMarbles")?
        .record(at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}
