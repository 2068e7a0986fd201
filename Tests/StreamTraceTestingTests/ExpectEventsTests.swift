import Foundation
import StreamTrace
import StreamTraceTesting
import Testing

@Suite struct ExpectEventsTests {
    func countdown() async -> (Recorder<Int, Never>, TestClock) {
        let clock = TestClock()
        let recorder = ticks(3, on: clock).record(name: "countdown", clock: clock)
        await tick(clock, seconds: 3, recorder: recorder)
        _ = try? await recorder.finished.value(timeout: .seconds(60))
        return (recorder, clock)
    }

    @Test func theWholeShapePassesInOneLine() async {
        let (recorder, _) = await countdown()
        expectEvents(recorder, [.value(1), .value(2), .value(3), .finished])
        expectEvents(
            recorder,
            [
                .value(1, at: .seconds(1)), .value(2, at: .seconds(2)), .value(3, at: .seconds(3)),
                .finished(at: .seconds(3)),
            ])
        expectEvents(
            recorder, [.value(1, at: .milliseconds(1010)), .value(2), .value(3), .finished],
            tolerance: .milliseconds(10))
    }

    @Test func aDifferentElementIsShownSideBySideThenAsMarblesLetteredAlike() async {
        let (recorder, _) = await countdown()
        let line = #line + 1
        let issues = synchronousIssues { expectEvents(recorder, [.value(1), .value(2), .value(4), .finished]) }
        #expect(issues.map(\.line) == [line])
        #expect(
            issues.map(\.message) == [
                """
                expectEvents: expected #3 to be value 4, got value 3 (event 4, t=+3s)
                     expected  actual
                  1  value 1   value 1 at t=+1s
                  2  value 2   value 2 at t=+2s
                > 3  value 4   value 3 at t=+3s
                  4  finished  finished at t=+3s
                expected: ---a---b---(c|)
                actual:   ---a---b---(d|)
                                     ^
                a = 1
                b = 2
                c = 4
                d = 3
                """
            ])
    }

    @Test func differentValuesGetDifferentLettersAndLongOnesStandWholeInTheLegend() async {
        let clock = TestClock()
        let recorder = Recorder<String, Never>(clock: clock)
        let long = "search-result:0123456789-abcdefghijklmnopqrstuvwxyz"
        recorder.receive("A1")
        await clock.advance(by: .seconds(1))
        recorder.receive("B2")
        recorder.receive(completion: .finished)
        let issues = synchronousIssues {
            expectEvents(recorder, [.value("A1"), .value("C3"), .finished])
            expectEvents(recorder, [.value("A1"), .value(long + "!"), .finished])
        }
        #expect(
            issues.map(\.message) == [
                """
                expectEvents: expected #2 to be value "C3", got value "B2" (event 2, t=+1s)
                     expected    actual
                  1  value "A1"  value "A1" at t=+0ns
                > 2  value "C3"  value "B2" at t=+1s
                  3  finished    finished at t=+1s
                expected: a---(b|)
                actual:   a---(c|)
                              ^
                a = "A1"
                b = "C3"
                c = "B2"
                """,
                """
                expectEvents: expected #2 to be value "\(long)!", got value "B2" (event 2, t=+1s)
                     expected    actual
                  1  value "A1"  value "A1" at t=+0ns
                > 2  value b     value "B2" at t=+1s
                  3  finished    finished at t=+1s
                expected: a---(b|)
                actual:   a---(c|)
                              ^
                a = "A1"
                b = "\(long)!"
                c = "B2"
                """,
            ])
    }

    @Test func aWrongTimeAMissingCompletionAndAnExtraEventAreDifferences() async {
        let (recorder, _) = await countdown()
        let issues = synchronousIssues {
            expectEvents(recorder, [.value(1), .value(2, at: .milliseconds(1500))])
            expectEvents(recorder, [.value(1), .value(2), .value(3), .finished, .cancel])
            expectEvents(recorder, [.value(1), .value(2), .value(3)])
        }
        #expect(
            issues.map(\.message) == [
                """
                expectEvents: expected #2 to be value 2 at t=+1.5s, got value 2 at t=+2s (event 3, t=+2s)
                     expected            actual
                  1  value 1             value 1 at t=+1s
                > 2  value 2 at t=+1.5s  value 2 at t=+2s
                  3  (nothing)           value 3 at t=+3s
                  4  (nothing)           finished at t=+3s
                expected: ---a--b-
                actual:   ---a-----b---(c|)
                                ^
                a = 1
                b = 2
                c = 3
                """,
                """
                expectEvents: expected 5 events, got 4: #5 cancel is missing (event 5, t=+3s)
                     expected  actual
                  …
                  2  value 2   value 2 at t=+2s
                  3  value 3   value 3 at t=+3s
                  4  finished  finished at t=+3s
                > 5  cancel    (nothing)
                expected: …---a---(b|)-!
                actual:   …---a---(b|)
                                       ^
                a = 2
                b = 3
                """,
                """
                expectEvents: expected 3 events, got more: #4 is finished (event 5, t=+3s)
                     expected   actual
                  1  value 1    value 1 at t=+1s
                  2  value 2    value 2 at t=+2s
                  3  value 3    value 3 at t=+3s
                > 4  (nothing)  finished at t=+3s
                expected: ---a---b---c-
                actual:   ---a---b---(c|)
                                     ^
                a = 1
                b = 2
                c = 3
                """,
            ])
    }

    @Test func anExpectedEventWithoutATimeIsDrawnAtTheTimeOfTheActualOneInItsRow() async {
        let clock = TestClock()
        let recorder = Recorder<Int, Never>(clock: clock)
        await clock.advance(by: .seconds(1))
        recorder.receive(1)
        recorder.receive(completion: .finished)
        let issues = synchronousIssues { expectEvents(recorder, [.value(1), .value(2), .finished]) }
        #expect(
            issues.map(\.message) == [
                """
                expectEvents: expected #2 to be value 2, got finished (event 2, t=+1s)
                     expected  actual
                  1  value 1   value 1 at t=+1s
                > 2  value 2   finished at t=+1s
                  3  finished  (nothing)
                expected: ---(ab)-|
                actual:   ---(a|)
                             ^
                a = 1
                b = 2
                """
            ])
    }

    @Test func errorsCompareByEqualityOrByTypeAndDescription() {
        let recorder = Recorder<Int, Timeout>(clock: TestClock())
        recorder.receive(1)
        recorder.receive(completion: .failure(Timeout()))
        expectEvents(recorder, [.value(1), .failure(Timeout())])
        let issues = synchronousIssues { expectEvents(recorder, [.value(1), .finished]) }
        #expect(
            issues.first?.message.hasPrefix(
                "expectEvents: expected #2 to be finished, got failure Timeout: the service timed out (event 2, t=+0ns)\n"
            ) == true)
        #expect(issues.first?.message.contains("\nexpected: (a|)\nactual:   (a#)\n") == true)
    }

    @Test func waitingForAShapeEndsOnTheEventThatDecidesIt() async throws {
        let clock = TestClock()
        let recorder = ticks(2, on: clock).record(clock: clock)
        Task { await tick(clock, seconds: 2, recorder: recorder) }
        try await wait(for: recorder.shape(equal: [.value(1), .value(2), .finished]), timeout: .seconds(60))
    }
}
