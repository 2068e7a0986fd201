extension RecorderStorage {
    /// `error` with a note on what time was doing when it was decided: the
    /// recorder's clock (``ClockDiagnosis``), after a word on a stream that
    /// never subscribed. Call with the lock held.
    func explainingTimeLocked(_ error: RecordingError) -> RecordingError {
        var error = error
        var note = time.diagnose()
        if state.eventCount == 0 {
            note = "nothing was recorded: the stream was never subscribed to; " + note
        }
        error.clockNote = note
        return error
    }
}

extension RecorderStorage {
    /// What a failure says of the events recorded outside the tasks the
    /// virtual clock runs one at a time, if any: `2 events were recorded
    /// outside the tasks TestClock runs one at a time …: event 3 (value,
    /// +1ms), event 5 (value, +3ms)`. Call with the lock held.
    func outsideTheClockNoteLocked() -> String? {
        let outside = state.diagnostics.compactMap { diagnostic -> String? in
            guard case .outsideTheClock(let kind, let index) = diagnostic.kind else { return nil }
            return "event \(index + 1) (\(kind), \(TimeFormat.offset(diagnostic.nanoseconds)))"
        }
        guard !outside.isEmpty else { return nil }
        let shown =
            outside.prefix(5).joined(separator: ", ") + (outside.count > 5 ? " and \(outside.count - 5) more" : "")
        return (outside.count == 1 ? "1 event was" : "\(outside.count) events were")
            + " recorded outside the tasks the virtual clock runs one at a time (from a Dispatch queue, a thread, "
            + "a callback, or the main actor while the test is not on it), so their order against the others is "
            + "not the clock's: " + shown
    }
}

extension WindowEnd {
    /// Whether a wait's timeout (or a query's `within`) ended the window.
    var isTimeout: Bool {
        if case .timeout = self { return true }
        return false
    }
}
