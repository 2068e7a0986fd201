import StreamTrace
import StreamTraceXCTest
import XCTest

/// `assertMarbles` and the `TestStream`s of its recorder's clock: a diagram
/// that does not parse is one failure, at the line that created the stream.
final class AssertMarblesInputTests: FailureCapturingTestCase {
    func testAnInputThatDoesNotParseIsOneFailureAtTheLineThatCreatedIt() async {
        let clock = TestClock()
        let line = #line + 2
        let failures = await expectFailures {
            let recorder = TestStream("-a|b", clock: clock).map { $0.uppercased() }.record(clock: clock)
            await clock.advance(by: .milliseconds(5))
            for _ in 1...2 { assertMarbles(recorder, "-A|") }
        }
        XCTAssertEqual(
            failures,
            [
                Failure(
                    message: """
                        failed - TestStream: marbles "-a|b": column 4: 'b' after the stream ended ('|' at column 3)
                        -a|b
                           ^
                        """,
                    file: #filePath, line: line)
            ])
    }

    func testAWaitOnAnInputThatDoesNotParseFailsOnceAtTheLineThatCreatedIt() async {
        let clock = TestClock()
        let line = #line + 2
        let failures = await expectFailures {
            let recorder = TestStream("-(a", clock: clock).record(clock: clock)
            try await fulfillment(of: recorder.marbles("-a"), timeout: .seconds(60))
        }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertEqual(
            failures.map(\.message), ["failed - TestStream: marbles \"-(a\": column 2: '(' is never closed\n-(a\n ^"])
    }
}
