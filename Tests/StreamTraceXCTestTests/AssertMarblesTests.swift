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

/// Issue 36 item 6b: `assertMarbles(…, by:)` for elements that are not `Equatable`.
extension AssertMarblesTests {
    func testPairsCompareWithTheGivenComparison() async {
        let clock = TestClock()
        let input = TestStream("-a--b|", values: ["a": 1, "b": 2], clock: clock)
        let recorder = input.map { ($0, "n\($0)") }.record(clock: clock)
        await clock.advance(by: .milliseconds(10))
        // Only the numbers compared.
        assertMarbles(recorder, "-x--y|", values: ["x": (1, ""), "y": (2, "")]) { $0.0 == $1.0 }
        let line = #line + 1
        let failures = expectFailures { assertMarbles(recorder, "-x--x|", values: ["x": (1, "")]) { $0.0 == $1.0 } }
        XCTAssertEqual(failures.map(\.line), [line])
        // `a` and `b` are the input's letters for 1 and 2: the pair takes the next free one.
        XCTAssertEqual(
            failures.first?.message.split(separator: "\n").first,
            #"failed - assertMarbles: frame 4: expected x ("(1, \"\")"), got c ("(2, \"n2\")") (event 3, t=+4ms)"#)
    }

    /// AssertMarbles.swift's example of `assertMarbles(_:_:values:error:frame:by:file:line:)`.
    func testTheComparingDocumentationExamplePasses() async {
        let clock = TestClock()
        let recorder = TestStream("-a|", values: ["a": 1], clock: clock).map { ($0, "x") }.record(clock: clock)
        await clock.advance(by: .milliseconds(2))
        assertMarbles(recorder, "-a|", values: ["a": (1, "x")], by: ==)
    }
}
