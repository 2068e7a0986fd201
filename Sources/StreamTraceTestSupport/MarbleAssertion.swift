import StreamTrace

/// The marble assertion behind `expectMarbles` and `assertMarbles`.
package enum MarbleAssertion {
    /// The failure to report unless the recording, read now, is drawn as `diagram`, labelled with the helper's `name`.
    package static func failure<Input: Equatable, Failure: Error>(
        _ recorder: Recorder<Input, Failure>, _ diagram: String, values: [Character: Input], error: (any Error)?,
        frame: Duration, named name: String
    ) -> TestFailure? {
        do {
            try recorder.marbles(diagram, values: values, error: error, frame: frame).get()
            return nil
        } catch var error as RecordingError {
            error.expectation = name
            return TestFailure(error.report, recording: TraceAttachment(recorder))
        } catch {
            return TestFailure("\(name): \(error)", recording: TraceAttachment(recorder))
        }
    }
}
