import StreamTrace

/// A helper's failure, before it is reported: the message, which starts with what was expected, and the recording
/// that explains it, if any. Each glue module reports it to its own framework, so that neither links the other's
/// framework and this module imports neither.
package struct TestFailure: Error, Sendable {
    package var message: String
    /// The traces to attach: the recorder's, or every recorder's of a run.
    package var recordings: [TraceAttachment]
    /// Where to record it instead of the helper's caller: the line that created an input whose diagram did not parse.
    package var location: TestLocation?
    /// Whether it was recorded already, at that line (when the input was created): recording it again does nothing.
    package var wasRecorded = false

    package init(_ message: String, recordings: [TraceAttachment] = [], location: TestLocation? = nil) {
        self.message = message
        self.recordings = recordings
        self.location = location
    }

    /// Why a helper stops the test after reporting a failure.
    package static let stopReason = "stopped: the expectation above failed"

    /// A failed wait: the `RecordingError`'s report (or the error's description) with the recorder's trace attached,
    /// at the error's origin if it has one.
    package init(waitError error: any Error, of trace: any RecordedTrace) {
        let origin = (error as? RecordingError)?.origin
        self.init(
            (error as? RecordingError)?.report ?? "\(error)", recordings: [TraceAttachment(trace)],
            location: origin?.location)
        wasRecorded = origin.map { !$0.claim() } ?? false
    }
}
