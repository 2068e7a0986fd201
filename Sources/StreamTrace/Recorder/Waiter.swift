import Dispatch

/// One wait in progress on a recorder. All its state is guarded by the
/// recorder's lock.
final class Waiter: @unchecked Sendable {
    /// Evaluates the expectation for a window end; stores the verdict and
    /// returns `true` once decided.
    let decide: (WindowEnd) -> Bool
    /// Resumes the waiting thread or task. Set before registration.
    var wake: @Sendable () -> Void = {}
    var isRegistered = false
    var isDone = false
    /// The wait's task was cancelled before the waiter was registered.
    var cancelledEarly = false
    var timer: DispatchWorkItem?

    init(decide: @escaping (WindowEnd) -> Bool) {
        self.decide = decide
    }
}

/// The outcome of a wait, written under the recorder's lock and read by
/// the waiting thread after it wakes.
final class WaitOutcome<Output>: @unchecked Sendable {
    var verdict: Verdict<Output>?

    var isDecided: Bool {
        if case .pending? = verdict { return false }
        return verdict != nil
    }

    func resolve(_ name: String) throws(RecordingError) -> Output {
        switch verdict {
        case .passed(let output, _)?: return output
        case .failed(let error)?: throw error
        case .pending?, nil: preconditionFailure("\(name) was not decided when its window ended")
        }
    }
}
