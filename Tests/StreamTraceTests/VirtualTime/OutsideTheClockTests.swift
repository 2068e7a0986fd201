import Dispatch
import StreamTrace
import Testing

/// A recorder on a virtual clock notes the events recorded outside the
/// tasks the clock runs one at a time, and a failure names them: their
/// order against the clock's tasks is not the clock's.
@Suite struct OutsideTheClockTests {
    /// Records `element` from a Dispatch queue, off every task.
    static func receiveFromAQueue(_ element: String, into recorder: Recorder<String, Never>) async {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                recorder.receive(element)
                continuation.resume()
            }
        }
    }

    @Test func anEventFromADispatchQueueIsNotedAndNamedByAFailure() async throws {
        let clock = TestClock()
        let recorder = Recorder<String, Never>(name: "mixed", clock: clock)
        let task = Task {
            try await clock.sleep(for: .milliseconds(1))
            recorder.receive("from a task")
        }
        await clock.advance(by: .milliseconds(1))
        try await task.value
        await Self.receiveFromAQueue("from a queue", into: recorder)
        recorder.receive("from the test")
        #expect(
            recorder.diagnostics.map(\.description) == [
                "event 2 (value, t=+1ms) was recorded outside the tasks the virtual clock runs one at a time: "
                    + "its order against theirs is not the clock's"
            ])
        let error = #expect(throws: RecordingError.self) { try recorder.next(4).get() }
        #expect(
            error?.report.hasSuffix(
                "1 event was recorded outside the tasks the virtual clock runs one at a time (from a Dispatch "
                    + "queue, a thread, a callback, or the main actor while the test is not on it), so their order "
                    + "against the others is not the clock's: event 2 (value, t=+1ms)") == true,
            "\(String(describing: error?.report))")
        #expect(try recorder.next(3).get() == ["from a task", "from a queue", "from the test"], "still recorded")
    }

    /// Before any of the clock's tasks has run, there is nothing to be out
    /// of order with: a test that feeds a recorder by hand notes nothing.
    @Test func eventsFedByHandBeforeAnyTaskRunsAreNotNoted() async throws {
        let clock = TestClock()
        let recorder = Recorder<String, Never>(clock: clock)
        await Self.receiveFromAQueue("a", into: recorder)
        recorder.receive("b")
        #expect(recorder.diagnostics.isEmpty)
        let error = #expect(throws: RecordingError.self) { try recorder.next(3).get() }
        #expect(error?.orderNote == nil)
    }
}
