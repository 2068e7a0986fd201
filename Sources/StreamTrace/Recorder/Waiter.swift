import Dispatch

/// One wait in progress on a recorder. All its state is guarded by the recorder's lock.
@usableFromInline
final class Waiter: @unchecked Sendable {
    /// Evaluates the expectation for a window end, resuming after what it already read (`scanned`); stores the
    /// verdict and returns `true` once decided.
    let evaluate: (WindowEnd, inout Int) -> Bool
    /// How many elements the expectation had read when last pending (`scannedCount`): a live wait reads each once.
    var scanned = 0
    @usableFromInline let wakeCondition: WakeCondition
    /// Resumes the waiting thread or task. Set before registration.
    @usableFromInline var wake: @Sendable () -> Void = {}
    var isDone = false
    /// The wait's task was cancelled before the waiter was registered.
    var cancelledEarly = false
    var timer: (any DispatchSourceTimer)?

    init(evaluate: @escaping (WindowEnd, inout Int) -> Bool, wakeCondition: WakeCondition) {
        self.evaluate = evaluate
        self.wakeCondition = wakeCondition
    }

    @usableFromInline func decide(_ end: WindowEnd) -> Bool {
        evaluate(end, &scanned)
    }
}

/// The outcome of a wait, written under the recorder's lock and read by the waiting thread after it wakes.
final class WaitOutcome<Output>: @unchecked Sendable {
    var verdict: Verdict<Output>?

    func resolve(_ name: String) throws(RecordingError) -> Output {
        switch verdict {
        case .passed(let output, _, _)?: return output
        case .failed(let error)?: throw error
        case .pending?, nil: preconditionFailure("\(name) was not decided when its window ended")
        }
    }
}
