import StreamTrace

/// The golden-trace assertion behind `expectGoldenTrace` and
/// `assertGoldenTrace`.
package enum GoldenAssertion {
    /// Fails at `location` unless the recording's trace matches the file at
    /// `path`; in record mode (`STREAMTRACE_RECORD=1`), writes the file and
    /// prints its path.
    package static func check<Input, Failure: Error>(
        _ recorder: Recorder<Input, Failure>, at path: String, time: TimeComparison, at location: TestLocation
    ) {
        do {
            if try GoldenTrace(path: path, time: time).verify(recorder.traceText) == .recorded {
                print("StreamTrace: recorded golden trace \(path)")
            }
        } catch {
            TestFailure.record(error.report, at: location, recording: TraceAttachment(recorder))
        }
    }
}
