@testable import StreamTrace

/// What a recorder holds at one instant.
struct RecorderSnapshot<Input, Failure: Error> {
    var events: [RecordedEvent<Input, Failure>]
    var diagnostics: [RecorderDiagnostic]
    var consumedCount: Int

    var elements: [Input] {
        events.compactMap { if case .value(let value) = $0.event { value } else { nil } }
    }
}

/// What tests read of a recorder beyond its public API.
extension Recorder {
    /// Everything the recorder holds, read at one instant.
    var snapshot: RecorderSnapshot<Input, Failure> {
        storage.lock.withLock {
            RecorderSnapshot(
                events: storage.state.recordedEvents(), diagnostics: storage.state.diagnostics,
                consumedCount: storage.state.consumed)
        }
    }

    /// How many elements `next` expectations consumed.
    var consumedCount: Int {
        storage.lock.withLock { storage.state.consumed }
    }

    /// How many waits are suspended or blocked on the recording (for tests that must act while one is).
    var waiterCount: Int {
        storage.lock.withLock { storage.state.waiters.count }
    }
}
