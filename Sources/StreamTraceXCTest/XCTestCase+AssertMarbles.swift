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
        Assertion.marbles(
            recorder, diagram, values: values, error: error, frame: frame, by: ==, named: "assertMarbles")?
            .record(file: file, line: line)
    }

    /// Asserts that a recording is drawn as a marble diagram, as ``assertMarbles(_:_:values:error:frame:file:line:)``
    /// does, for elements that are not `Equatable` (the tuples of `zip`, arrays of them): `areEquivalent(recorded,
    /// expected)` compares each recorded element with the diagram's value in its frame, and the failure's drawing
    /// gives values it finds equivalent one letter.
    ///
    /// ```swift
    /// assertMarbles(recorder, "-a|", values: ["a": (1, "x")], by: ==)
    /// ```
    public func assertMarbles<Input, Failure: Error>(
        _ recorder: Recorder<Input, Failure>, _ diagram: String, values: [Character: Input],
        error: (any Error)? = nil, frame: Duration = .milliseconds(1),
        by areEquivalent: @escaping (Input, Input) -> Bool,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        Assertion.marbles(
            recorder, diagram, values: values, error: error, frame: frame, by: areEquivalent, named: "assertMarbles")?
            .record(file: file, line: line)
    }

    /// Runs `clock` past the diagram, then asserts that the recording is drawn as it: a test needs no duration of its
    /// own, as RxJS's `run` and swift-async-algorithms' `validate` flush their schedulers.
    ///
    /// The clock runs as `advance(to:)` does, to the diagram's end and 10 frames more, counted from the recorder's
    /// creation, and no further; a failure says how far the clock ran when tasks still sleep on it. Then as
    /// `assertMarbles(_:_:values:error:frame:file:line:)`.
    ///
    /// ```swift
    /// await assertMarbles(recorder, "-a-b-c|", advancing: clock)
    /// ```
    public func assertMarbles<Input: Equatable, Failure: Error>(
        _ recorder: Recorder<Input, Failure>, _ diagram: String, values: [Character: Input] = [:],
        error: (any Error)? = nil, frame: Duration = .milliseconds(1), advancing clock: TestClock,
        file: StaticString = #filePath, line: UInt = #line, isolation: isolated (any Actor)? = #isolation
    ) async {
        await Assertion.marbles(
            recorder, diagram, values: values, error: error, frame: frame, advancing: clock, named: "assertMarbles"
        )?
        .record(file: file, line: line)
    }

    /// Asserts that a group's streams are drawn as marble diagrams, one lane per stream, on the group's clock: each
    /// lane's frames (1 ms, or `frame`) hold exactly its diagram's events, and events that share a frame across lanes
    /// were recorded in the order the lanes are listed, the top lane's first (list them in the order you expect).
    ///
    /// A lane's `|` or `#` is its stream's end; streams without a lane are not compared. `values` names the letters of
    /// every lane, one map for all; a letter it does not name stands for its own character as a JSON string; values
    /// compare as `JSONValue`. Reads the group's recording (`StreamGroup.events`) as it is now: advance the clock
    /// past the diagrams first. On a difference the failure, at the caller's line, draws each lane's expected over
    /// actual on one scale, lettered alike, a caret under the first differing frame; events recorded in another order
    /// than their lanes are written out (`frame 4: expected button:t before spinner:o, recorded spinner:o first`). On
    /// Apple platforms the group's recording is attached to the test.
    ///
    /// ```swift
    /// assertMarbles(group, ["button": "-t--t-|", "spinner": "-o-fof|"], values: ["t": "tap", "o": true, "f": false])
    /// ```
    public func assertMarbles(
        _ group: StreamGroup, _ lanes: KeyValuePairs<String, String>, values: [Character: JSONValue] = [:],
        frame: Duration = .milliseconds(1), file: StaticString = #filePath, line: UInt = #line
    ) {
        Assertion.marbles(group, lanes, values: values, frame: frame, named: "assertMarbles")?
            .record(file: file, line: line)
    }
}
