import StreamTrace
import Testing

/// Expects the whole shape of a recording in one line: its elements and
/// its completion (or cancel) equal `expected`, times too where an expected
/// event has one (within `tolerance`).
///
/// Reads the recorder as it is now: under virtual time everything has
/// happened already; for a live stream, `wait(for: recorder.shape(equal:
/// …), timeout:)` waits instead. On a difference the issue, at the
/// caller's source location, names the first differing event and shows
/// expected and actual side by side, then both as marble lines.
///
/// ```swift
/// expectEvents(recorder, [.value(1), .value(2, at: .seconds(1)), .finished])
/// ```
public func expectEvents<Input: Equatable, Failure: Error>(
    _ recorder: Recorder<Input, Failure>, _ expected: [ExpectedEvent<Input, Failure>], tolerance: Duration = .zero,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        try recorder.shape(equal: expected, tolerance: tolerance).get()
    } catch {
        Issue.record(Comment(rawValue: error.report), sourceLocation: sourceLocation)
    }
}
