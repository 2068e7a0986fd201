import StreamTrace

/// The golden-trace assertion behind `expectGoldenTrace` and `assertGoldenTrace`.
package enum GoldenAssertion {
    /// The failure to report unless the recording's trace matches the file at `path`; in record mode
    /// (`STREAMTRACE_RECORD=1`), writes the file, prints its path and passes.
    package static func failure<Input, Failure: Error>(
        _ recorder: Recorder<Input, Failure>, at path: String, time: TimeComparison
    ) -> TestFailure? {
        do {
            if try GoldenTrace(path: path, time: time).verify(recorder.traceText) == .recorded {
                print("StreamTrace: recorded golden trace \(path)")
            }
            return nil
        } catch {
            return TestFailure(error.report, recording: TraceAttachment(recorder))
        }
    }
}
