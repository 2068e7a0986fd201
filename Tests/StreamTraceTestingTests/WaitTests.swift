import Foundation
import StreamTrace
import StreamTraceTesting
import Testing

@Suite struct WaitTests {
    @Test func aFulfilledExpectationReturnsItsValue() async throws {
        let recorder = Recorder<Int, Never>(clock: TestClock())
        recorder.receive(1)
        recorder.receive(2)
        recorder.receive(completion: .finished)
        #expect(try await wait(for: recorder.elements, timeout: .seconds(1)) == [1, 2])
        #expect(try await wait(for: recorder.next(), timeout: .seconds(1)) == 1)
        try await wait(for: recorder.finished, timeout: .seconds(1))
    }

    @Test func aFailedExpectationRecordsOneIssueAtTheCallerAndStopsTheTest() async {
        let recorder = Recorder<String, Never>(clock: TestClock())
        recorder.receive("a")
        var reachedTheNextLine = false
        let line = #line + 2
        let issues = await recordedIssues {
            _ = try await wait(for: recorder.next(2), timeout: .milliseconds(10))
            reachedTheNextLine = true
        }
        #expect(
            issues.map(\.message) == [
                #"next(2): expected 2 more elements, got 1 within 10ms (event 1, t=+0ns); recent: a-  a = "a""#
                    + "\nTestClock at 0ns, never advanced; nothing sleeps or is scheduled on it"
            ])
        #expect(issues.map(\.line) == [line])
        #expect(!reachedTheNextLine)
    }

    @Test func invertedExpectationsPassWhenTheWindowEndsFirstAndFailOtherwise() async {
        let recorder = Recorder<Int, Never>(clock: TestClock())
        recorder.receive(1)
        await #expect(throws: Never.self) {
            try await wait(for: recorder.finished.inverted, timeout: .milliseconds(10))
        }
        recorder.receive(completion: .finished)
        let line = #line + 2
        let issues = await recordedIssues {
            try await wait(for: recorder.finished.inverted, timeout: .milliseconds(10))
        }
        #expect(
            issues.map(\.message) == [
                "finished.inverted: expected no completion, but the stream finished (event 2, t=+0ns); recent: (a|)  a = 1"
            ])
        #expect(issues.map(\.line) == [line])
    }

    @Test func aWaitIsWokenByTheEventThatDecidesIt() async throws {
        let recorder = Recorder<Int, Never>(clock: TestClock())
        Task.detached {
            try await Task.sleep(for: .milliseconds(20))
            recorder.receive(7)
        }
        // A generous timeout: the wait ends on the event, not on the timeout.
        #expect(try await wait(for: recorder.next(), timeout: .seconds(60)) == 7)
    }
}
