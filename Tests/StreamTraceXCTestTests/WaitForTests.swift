import StreamTrace
import StreamTraceXCTest
import XCTest

final class WaitForTests: FailureCapturingTestCase {
    func testAFulfilledExpectationReturnsItsValue() throws {
        let recorder = Recorder<Int, Never>(clock: TestClock())
        recorder.receive(1)
        recorder.receive(2)
        recorder.receive(completion: .finished)
        XCTAssertEqual(try wait(for: recorder.elements, timeout: .seconds(1)), [1, 2])
        XCTAssertEqual(try wait(for: recorder.next(), timeout: .seconds(1)), 1)
        try wait(for: recorder.finished, timeout: .seconds(1))
    }

    func testAFailedExpectationIsRecordedAtTheCallersLineAndStopsTheTest() {
        let recorder = Recorder<String, Never>(clock: TestClock())
        recorder.receive("a")
        var reachedTheNextLine = false
        let line = #line + 2
        let failures = expectFailures {
            _ = try wait(for: recorder.next(2), timeout: .milliseconds(10))
            reachedTheNextLine = true
        }
        XCTAssertEqual(
            failures,
            [
                Failure(
                    message:
                        #"Asynchronous wait failed: next(2): expected 2 more elements, got 1 within 10ms (event 1, t=+0ns); recent: a-  a = "a""#
                        + "\nTestClock at 0ns, never advanced; nothing sleeps or is scheduled on it",
                    file: #filePath, line: line)
            ])
        XCTAssertFalse(reachedTheNextLine)
    }

    func testADescriptionPrefixesTheMessage() {
        let recorder = Recorder<Int, Never>(clock: TestClock())
        let failures = expectFailures {
            try wait(for: recorder.finished, timeout: .milliseconds(10), description: "the search ends")
        }
        XCTAssertEqual(
            failures.map(\.message),
            [
                #"Asynchronous wait failed: the search ends: finished: not completed within 10ms: no events were recorded; recent: -"#
                    + "\nnothing was recorded: the stream was never subscribed to; "
                    + "TestClock at 0ns, never advanced; nothing sleeps or is scheduled on it"
            ])
    }

    func testInvertedExpectationsPassWhenTheWindowEndsFirstAndFailOtherwise() throws {
        let recorder = Recorder<Int, Never>(clock: TestClock())
        recorder.receive(1)
        try wait(for: recorder.finished.inverted, timeout: .milliseconds(10))
        recorder.receive(completion: .finished)
        let line = #line + 1
        let failures = expectFailures { try wait(for: recorder.finished.inverted, timeout: .milliseconds(10)) }
        XCTAssertEqual(
            failures,
            [
                Failure(
                    message:
                        #"Fulfilled inverted expectation: finished.inverted: expected no completion, but the stream finished (event 2, t=+0ns); recent: (a|)  a = 1"#,
                    file: #filePath, line: line)
            ])
    }

    func testFulfillmentAwaitsAndRecordsAtTheCallersLine() async throws {
        let recorder = Recorder<Int, Never>(clock: TestClock())
        recorder.receive(7)
        let seven = try await fulfillment(of: recorder.next(), timeout: .seconds(1))
        XCTAssertEqual(seven, 7)
        let line = #line + 2
        let failures = await expectFailures {
            try await self.fulfillment(of: recorder.single, timeout: .milliseconds(10))
        }
        XCTAssertEqual(
            failures,
            [
                Failure(
                    message:
                        #"Asynchronous wait failed: single: not completed within 10ms: last event is value (event 1, t=+0ns); recent: a-  a = 7"#
                        + "\nTestClock at 0ns, never advanced; nothing sleeps or is scheduled on it",
                    file: #filePath, line: line)
            ])
    }

    func testTheMainRunLoopKeepsRunningWhileWaiting() throws {
        let recorder = Recorder<Int, Never>()
        DispatchQueue.main.async { recorder.receive(1) }
        XCTAssertEqual(try wait(for: recorder.next(), timeout: .seconds(60)), 1)
    }
}

/// Issue 37 item 1: the timeout in seconds, as XCTest's own waits and
/// CombineExpectations' tests write it, beside `Duration`.
extension WaitForTests {
    func testATimeoutInSecondsWaitsAsADurationDoes() throws {
        let recorder = Recorder<Int, Never>(clock: TestClock())
        recorder.receive(1)
        try wait(for: recorder.finished.inverted, timeout: 0.01)
        recorder.receive(2)
        recorder.receive(completion: .finished)
        XCTAssertEqual(try wait(for: recorder.elements, timeout: 1), [1, 2])
        XCTAssertEqual(try wait(for: recorder.elements, timeout: .seconds(1)), [1, 2])
        XCTAssertEqual(try wait(for: recorder.next(), timeout: 0.5), 1)
    }

    func testAFailedWaitInSecondsSaysItsTimeoutAndIsRecordedAtTheCallersLine() {
        let recorder = Recorder<Int, Never>(clock: TestClock())
        let line = #line + 2
        let failures = expectFailures {
            try wait(for: recorder.finished, timeout: 0.01, description: "the search ends")
        }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertEqual(
            failures.first?.message.split(separator: "\n").first,
            #"Asynchronous wait failed: the search ends: finished: not completed within 10ms: no events were recorded; recent: -"#
        )
    }

    func testATimeoutThatIsNotFiniteWaitsForTheDecisionAndANegativeOneIsZero() throws {
        let recorder = Recorder<Int, Never>(clock: TestClock())
        recorder.receive(3)
        recorder.receive(4)
        recorder.receive(5)
        XCTAssertEqual(try wait(for: recorder.next(), timeout: .infinity), 3)
        XCTAssertEqual(try wait(for: recorder.next(), timeout: .nan), 4)
        let failures = expectFailures { _ = try wait(for: recorder.next(2), timeout: -1) }
        XCTAssertEqual(
            failures.first?.message.split(separator: "\n").first,
            #"Asynchronous wait failed: next(2): expected 2 more elements, got 1 within 0ns (event 3, t=+0ns); recent: (abc)-  a = 3, b = 4, c = 5"#
        )
    }

    func testFulfillmentTakesATimeoutInSeconds() async throws {
        let recorder = Recorder<Int, Never>(clock: TestClock())
        recorder.receive(7)
        let seven = try await fulfillment(of: recorder.next(), timeout: 1)
        XCTAssertEqual(seven, 7)
        let line = #line + 1
        let failures = await expectFailures { try await self.fulfillment(of: recorder.single, timeout: 0.01) }
        XCTAssertEqual(failures.map(\.line), [line])
    }
}
