import StreamTrace
import Testing

/// Expects that a recorder's trace matches the golden trace `name`,
/// `__Traces__/name.jsonl` next to the test file; with
/// `STREAMTRACE_RECORD=1` in the environment, writes that file instead.
///
/// Compare `exact`ly (times too), with times `.ignored`, or within a
/// `.tolerance(…)`. An issue, at the caller's source location, gives the
/// event-by-event diff with line numbers, as `streamtrace diff` prints it.
/// Record under virtual time so the file is the same on every run.
///
/// ```swift
/// expectGoldenTrace(of: recorder, named: "forgot-password")
/// ```
public func expectGoldenTrace<Input, Failure: Error>(
    of recorder: Recorder<Input, Failure>, named name: String, time: TimeComparison = .exact,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectGoldenTrace(
        of: recorder, at: GoldenTrace.path(named: name, nextTo: sourceLocation.filePath), time: time,
        sourceLocation: sourceLocation)
}

/// Like ``expectGoldenTrace(of:named:time:sourceLocation:)``, with the
/// golden file's path given.
public func expectGoldenTrace<Input, Failure: Error>(
    of recorder: Recorder<Input, Failure>, at path: String, time: TimeComparison = .exact,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        try GoldenTrace(path: path, time: time).verify(recorder.traceText)
    } catch {
        Issue.record(Comment(rawValue: error.report), sourceLocation: sourceLocation)
    }
}
