import StreamTrace

/// The whole-shape assertion behind `expectEvents` and `assertEvents`.
package enum ShapeAssertion {
    /// The failure to report unless the recording has `expected`'s shape, labelled with the helper's `name`.
    package static func failure<Input: Equatable, Failure: Error>(
        _ recorder: Recorder<Input, Failure>, _ expected: [ExpectedEvent<Input, Failure>], tolerance: Duration,
        named name: String
    ) -> TestFailure? {
        do {
            try recorder.shape(equal: expected, tolerance: tolerance).get()
            return nil
        } catch var error as RecordingError {
            error.expectation = name
            return TestFailure(error.report, recording: TraceAttachment(recorder))
        } catch {
            return TestFailure("\(name): \(error)")
        }
    }
}
