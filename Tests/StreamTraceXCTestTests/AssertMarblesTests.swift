import StreamTrace
import StreamTraceXCTest
import XCTest

final class AssertMarblesTests: FailureCapturingTestCase {
    private func recording(_ values: [String]) async -> Recorder<String, any Error> {
        let clock = TestClock()
        let input = TestStream<String>("-a-b|", values: ["a": values[0], "b": values[1]], clock: clock)
        let recorder = input.record(clock: clock)
        await clock.advance(by: .milliseconds(10))
        return recorder
    }

    func testARecordingDrawnAsTheDiagramPasses() async {
        let recorder = await recording(["s", "sw"])
        assertMarbles(recorder, "-s-w|", values: ["s": "s", "w": "sw"])
    }

    /// AssertMarbles.swift's example.
    func testTheDocumentationExamplePasses() async {
        let clock = TestClock()
        let recorder = TestStream("-a--b-c|", values: ["a": 1, "b": 2, "c": 3], clock: clock).record(clock: clock)
        await clock.advance(by: .milliseconds(7))
        assertMarbles(recorder, "-a--b-c|", values: ["a": 1, "b": 2, "c": 3])
    }

    func testADifferenceIsRecordedAtTheCallersLineWithExpectedOverActual() async {
        let recorder = await recording(["s", "sw"])
        let line = #line + 1
        let failures = expectFailures { assertMarbles(recorder, "-s-w|", values: ["s": "s", "w": "swift"]) }
        XCTAssertEqual(
            failures,
            [
                Failure(
                    message: """
                        failed - assertMarbles: frame 3: expected w ("swift"), got b ("sw") (event 3, t=+3ms)
                        expected: -s-w|
                        actual:   -s-b|
                                     ^
                        s = "s"
                        w = "swift"
                        b = "sw"
                        """,
                    file: #filePath, line: line)
            ])
    }
}
