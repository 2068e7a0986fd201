/// The clock a live recording was timed by, as a marble expectation reads it: a virtual clock's ``TestStream``s, or
/// what to say about a clock whose time passes on its own (whose times stray from a diagram's frames).
package enum RecordingClock: Sendable {
    /// A ``TestClock`` (or a ``TestScheduler``'s clock): its time, and the streams created on it (`core.inputs`).
    case virtual(VirtualClockCore)
    /// Any other clock, and what ``ClockDiagnosis`` says of it.
    case notVirtual(describe: @Sendable () -> String)
}
