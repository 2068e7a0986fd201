import StreamTrace

/// The assertions behind both glue modules' helpers (`expectEvents` and `assertEvents`, …): each returns the failure to
/// report, or `nil`.
package enum Assertion {
    /// The whole shape: a failure unless the recording has `expected`'s shape, labelled with the helper's `name`.
    package static func shape<Input: Equatable, Failure: Error>(
        _ recorder: Recorder<Input, Failure>, _ expected: [ExpectedEvent<Input, Failure>], tolerance: Duration,
        named name: String
    ) -> TestFailure? {
        failure(of: recorder, named: name) { try recorder.shape(equal: expected, tolerance: tolerance).result().get() }
    }

    /// The marbles: a failure unless the recording, read now, is drawn as `diagram`, labelled with the helper's `name`.
    /// `areEquivalent` compares the elements (`==` for the `Equatable` forms).
    package static func marbles<Input, Failure: Error>(
        _ recorder: Recorder<Input, Failure>, _ diagram: String, values: [Character: Input], error: (any Error)?,
        frame: Duration, by areEquivalent: @escaping (Input, Input) -> Bool, named name: String
    ) -> TestFailure? {
        failure(of: recorder, named: name) {
            try recorder.marbles(diagram, values: values, error: error, frame: frame, by: areEquivalent).result().get()
        }
    }

    /// The marbles after running `clock` past the diagram: a failure unless the recording is then drawn as `diagram`,
    /// labelled with the helper's `name`.
    package static func marbles<Input: Equatable, Failure: Error>(
        _ recorder: Recorder<Input, Failure>, _ diagram: String, values: [Character: Input], error: (any Error)?,
        frame: Duration, advancing clock: TestClock, named name: String, isolation: isolated (any Actor)? = #isolation
    ) async -> TestFailure? {
        let result = await recorder.marbles(diagram, values: values, error: error, frame: frame, advancing: clock)
        return failure(of: recorder, named: name) { try result.get() }
    }

    /// A group's marbles: a failure unless the group's recording, read now, is drawn as `lanes`, labelled with the
    /// helper's `name`, the group's recording attached.
    package static func marbles(
        _ group: StreamGroup, _ lanes: KeyValuePairs<String, String>, values: [Character: JSONValue],
        frame: Duration, named name: String
    ) -> TestFailure? {
        failure(of: group.events, named: name) {
            try group.events.marbles(lanes, values: values, frame: frame).result().get()
        }
    }

    /// The golden trace: a failure unless the recording's trace matches the file at `path`; in record mode
    /// (`STREAMTRACE_RECORD=1`), writes the file, prints its path and passes.
    package static func golden<Input, Failure: Error>(
        _ recorder: Recorder<Input, Failure>, at path: String, time: TimeComparison
    ) -> TestFailure? {
        do {
            if try GoldenTrace(path: path, time: time).verify(recorder.traceText) == .recorded {
                print("StreamTrace: recorded golden trace \(path)")
            }
            return nil
        } catch {
            return TestFailure(error.report, recordings: [TraceAttachment(recorder)])
        }
    }

    /// The failure `check` throws, the recording attached: a `RecordingError` labelled with `name` (what `get()`
    /// throws), another error as `name: error`. A failure with an origin elsewhere (an input whose diagram did not
    /// parse) is recorded there, and only if nothing reported it yet.
    private static func failure(
        of recorder: any RecordedTrace, named name: String, _ check: () throws -> Void
    ) -> TestFailure? {
        do {
            try check()
            return nil
        } catch var error as RecordingError {
            error.expectation = name
            if let origin = error.origin, !origin.claim() { return nil }
            return TestFailure(error.report, recordings: [TraceAttachment(recorder)], location: error.origin?.location)
        } catch {
            return TestFailure("\(name): \(error)", recordings: [TraceAttachment(recorder)])
        }
    }
}
