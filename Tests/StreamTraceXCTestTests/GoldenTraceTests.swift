import StreamTrace
import StreamTraceXCTest
import XCTest

final class GoldenTraceTests: FailureCapturingTestCase {
    /// Recorded once with STREAMTRACE_RECORD=1 on a test clock; compared
    /// exactly on every run since.
    func testAVirtualTimeRecordingMatchesItsCommittedTrace() async throws {
        let clock = TestClock()
        let recorder = Recorder<String, Never>(name: "typing", clock: clock)
        recorder.receiveSubscription()
        for prefix in ["s", "sw", "swi"] {
            await clock.advance(by: .milliseconds(300))
            recorder.receive(prefix)
        }
        recorder.receive(completion: .finished)
        assertGoldenTrace(of: recorder, named: "typing")
    }

    func testADifferenceIsRecordedAtTheCallersLineWithTheDiff() {
        let recorder = Recorder<String, Never>(name: "typing", clock: TestClock())
        recorder.receiveSubscription()
        recorder.receive("s")
        recorder.receive(completion: .finished)
        let line = #line + 1
        let failures = expectFailures { assertGoldenTrace(of: recorder, named: "typing", time: .ignored) }
        let path = GoldenTrace.path(named: "typing", nextTo: #filePath)
        XCTAssertEqual(
            failures,
            [
                Failure(
                    message: """
                        failed - golden trace \(path) differs; run with STREAMTRACE_RECORD=1 to accept the new trace
                        --- \(path)  (5 events)
                        +++ recorded  (3 events)
                        event 3: only in expected
                        - \(path):4  t=+600ms  value "sw"
                        event 4: only in expected
                        - \(path):5  t=+900ms  value "swi"
                        traces differ: 2 differences (times ignored), first at event 3 (line 4 of expected)
                        expected: ---a---b---(c|)
                        actual:   (a|)
                        a = "s"
                        b = "sw"
                        c = "swi"
                        """,
                    file: #filePath, line: line)
            ])
    }
}
