import StreamTrace

/// The whole-shape assertion behind `expectEvents` and `assertEvents`.
package enum ShapeAssertion {
    /// Fails at `location` unless the recording has `expected`'s shape;
    /// the failure is labelled with the helper's `name`.
    package static func check<Input: Equatable, Failure: Error>(
        _ recorder: Recorder<Input, Failure>, _ expected: [ExpectedEvent<Input, Failure>], tolerance: Duration,
        named name: String, at location: TestLocation
    ) {
        do {
            try recorder.shape(equal: expected, tolerance: tolerance).get()
        } catch var error as RecordingError {
            error.expectation = name
            TestFailure.record(error.report, at: location, recording: TraceAttachment(recorder))
        } catch {
            TestFailure.record("\(name): \(error)", at: location)
        }
    }
}
