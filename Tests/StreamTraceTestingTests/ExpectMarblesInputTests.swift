import StreamTraceTesting
import Testing

@testable import StreamTrace

/// `expectMarbles` and the `TestStream`s of its recorder's clock: a diagram
/// that does not parse is one issue, at the line that created the stream.
@Suite struct ExpectMarblesInputTests {
    @Test func anInputThatDoesNotParseIsOneIssueAtTheLineThatCreatedIt() async {
        let clock = TestClock()
        let line = #line + 2
        let issues = await recordedIssues {
            let input = TestStream("-a|b", clock: clock)
            let recorder = input.record(clock: clock)
            await clock.advance(by: .milliseconds(5))
            expectMarbles(recorder, "-a|")
            expectMarbles(recorder, "-a|")
        }
        #expect(issues.map(\.line) == [line])
        #expect(
            issues.map(\.message) == [
                """
                TestStream: marbles "-a|b": column 4: 'b' after the stream ended ('|' at column 3)
                -a|b
                   ^
                """
            ])
    }

    @Test func aWaitOnAnInputThatDoesNotParseStopsTheTestWithoutASecondIssue() async {
        let clock = TestClock()
        let line = #line + 2
        let issues = await recordedIssues {
            let recorder = TestStream("-(a", clock: clock).record(clock: clock)
            try await wait(for: recorder.marbles("-a"), timeout: .seconds(60))
            Issue.record("not stopped")
        }
        #expect(issues.map(\.line) == [line])
        #expect(issues.map(\.message) == ["TestStream: marbles \"-(a\": column 2: '(' is never closed\n-(a\n ^"])
    }

    @Test func anInputNoFrameworkWasToldOfIsReportedByTheExpectationAtTheInputsLine() async {
        let clock = TestClock()
        let line = #line + 1
        let location = TestLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
        let input = TestStream<String>(
            "-a|b", values: [:], error: nil, frame: .milliseconds(1), core: clock.core, at: location)
        let recorder = input.record(clock: clock)
        await clock.advance(by: .milliseconds(5))
        let issues = await recordedIssues {
            expectMarbles(recorder, "-a|")
            expectMarbles(recorder, "-a|")
        }
        #expect(issues.map(\.line) == [line])
        #expect(
            issues.map(\.message) == [
                """
                expectMarbles: input TestStream at StreamTraceTestingTests/ExpectMarblesInputTests.swift:\(line): \
                marbles "-a|b": column 4: 'b' after the stream ended ('|' at column 3)
                -a|b
                   ^
                """
            ])
    }

    /// docs/marbles.md, "Inputs": the expected end never came.
    @Test func aDiagramWaitingForAnEndNamesTheInputWithoutOne() async {
        let line = #line + 3
        let issues = await recordedIssues {
            let clock = TestClock()
            let recorder = TestStream("-a-b", clock: clock).record(clock: clock)
            await clock.advance(by: .milliseconds(5))
            expectMarbles(recorder, "-a-b|")
        }
        #expect(
            issues.map(\.message) == [
                """
                expectMarbles: frame 4: expected | (finished), but the recording ends in frame 3 (event 3, t=+3ms)
                expected: -a-b|
                actual:   -a-b
                              ^
                a = "a"
                b = "b"
                input TestStream "-a-b" (StreamTraceTestingTests/ExpectMarblesInputTests.swift:\(line)) is still open: \
                it has no '|' or '#'
                TestClock at 5ms; nothing sleeps or is scheduled on it
                """
            ])
    }
}
