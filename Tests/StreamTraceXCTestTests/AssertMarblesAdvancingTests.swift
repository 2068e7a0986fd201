import StreamTrace
import StreamTraceXCTest
import XCTest

final class AssertMarblesAdvancingTests: FailureCapturingTestCase {
    /// XCTestCase+AssertMarbles.swift's `advancing:` example.
    func testTheHelperRunsTheClockPastTheDiagram() async {
        let clock = TestClock()
        let recorder = TestStream<String>("-a-b-c|", clock: clock).record(clock: clock)
        await assertMarbles(recorder, "-a-b-c|", advancing: clock)
        XCTAssertEqual(clock.now.offset, .milliseconds(17))
    }

    func testAStreamStillPlayingAtTheBoundFailsAndTheFailureSaysSo() async {
        let clock = TestClock()
        let recorder = TestStream<String>("--t-t-t-t-t-t-t-t-t|", clock: clock).record(clock: clock)
        let line = #line + 1
        let failures = await expectFailures { await assertMarbles(recorder, "--t-t", advancing: clock) }
        XCTAssertEqual(
            failures,
            [
                Failure(
                    message: """
                        failed - assertMarbles: frame 6: expected no event after the diagram's last frame (4), got t \
                        ("t") (event 4, t=+6ms)
                        expected: --t-t
                        actual:   --t-t-t
                                        ^
                        t = "t"
                        4 later elements not drawn: the difference comes before
                        advancing: the clock ran to 15ms, 10 frames past the diagram's end, and stopped with tasks \
                        still waiting on it: TestClock at 15ms; 1 sleeper until 16ms: advance(by: .milliseconds(1)) \
                        reaches it
                        """,
                    file: #filePath, line: line)
            ])
    }
}
