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

extension WindowEnd {
    /// Whether a wait's timeout (or a query's `within`) ended the window.
    var isTimeout: Bool {
        if case .timeout = self { return true }
        return false
    }
}
