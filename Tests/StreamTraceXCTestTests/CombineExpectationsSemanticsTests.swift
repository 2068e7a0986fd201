import Foundation
import StreamTraceXCTest
import XCTest

/// Issue 37 items 2 and 3: what a wait records and what it throws, as
/// CombineExpectations' `wait(for:timeout:)` does. A timeout and a fulfilled
/// inverted expectation are recorded at the caller's line (as XCTest's own
/// waits word them) and stop the test; what the recorded events decided is
/// thrown, the stream's own error first, and recorded by nothing else.
final class CombineExpectationsSemanticsTests: FailureCapturingTestCase {
    struct PaymentDeclined: Error, Equatable {
        var code = 402
    }

    func declinedRecorder() -> Recorder<String, PaymentDeclined> {
        let recorder = Recorder<String, PaymentDeclined>(clock: TestClock())
        recorder.receive("card")
        recorder.receive(completion: .failure(PaymentDeclined()))
        return recorder
    }

    func testASynchronousTestThatCatchesTheStreamsOwnErrorFromAWaitPasses() {
        let recorder = declinedRecorder()
        var caught: PaymentDeclined?
        let failures = expectFailures {
            do {
                _ = try wait(for: recorder.elements, timeout: 1)
                XCTFail("Expected error")
            } catch let error as PaymentDeclined {
                caught = error
            }
        }
        XCTAssertEqual(failures, [])
        XCTAssertEqual(caught, PaymentDeclined())
    }

    func testTheReportOfAStreamErrorStaysReachableThroughResult() throws {
        let recorder = declinedRecorder()
        XCTAssertThrowsError(try wait(for: recorder.next(2), timeout: 1)) { error in
            XCTAssertEqual(error as? PaymentDeclined, PaymentDeclined())
        }
        guard case .failure(let report) = recorder.next(2).result() else { return XCTFail("expected a failure") }
        XCTAssertEqual(report.reason, .streamFailed)
        XCTAssertEqual(
            report.description,
            "next(2): expected 2 more elements, but the stream failed with PaymentDeclined: PaymentDeclined(code: 402) "
                + "(event 2, t=+0ns); recent: (a#)  a = \"card\"")
    }

    func testFulfillmentThrowsTheStreamsOwnErrorToo() async {
        let recorder = declinedRecorder()
        var caught: PaymentDeclined?
        let failures = await expectFailures {
            do {
                try await self.fulfillment(of: recorder.finished, timeout: 1)
            } catch let error as PaymentDeclined {
                caught = error
            }
        }
        XCTAssertEqual(failures, [])
        XCTAssertEqual(caught, PaymentDeclined())
    }

    func testWhatTheEventsDecidedIsThrownAndCaughtByCombineExpectationsNames() {
        let recorder = Recorder<Int, Never>(clock: TestClock())
        recorder.receive(1)
        recorder.receive(2)
        recorder.receive(completion: .finished)
        var caught: [String] = []
        let failures = expectFailures {
            do {
                _ = try wait(for: recorder.single, timeout: 1)
            } catch RecordingError.tooManyElements {
                caught.append("tooManyElements")
            }
            do {
                _ = try wait(for: recorder.next(3), timeout: 1)
            } catch RecordingError.notEnoughElements {
                caught.append("notEnoughElements")
            }
        }
        XCTAssertEqual(failures, [])
        XCTAssertEqual(caught, ["tooManyElements", "notEnoughElements"])
    }

    func testATimeoutIsRecordedOnceAsXCTestWordsItAtTheCallersLine() {
        let recorder = Recorder<Int, Never>(clock: TestClock())
        var reachedTheNextLine = false
        let line = #line + 2
        let failures = expectFailures {
            _ = try wait(for: recorder.elements, timeout: 0.01)
            reachedTheNextLine = true
        }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertEqual(
            failures.first?.message.split(separator: "\n").first,
            "Asynchronous wait failed: elements: not completed within 10ms: no events were recorded; recent: -")
        XCTAssertFalse(reachedTheNextLine)
    }

    /// The fixture below run as a test of its own, in a process of its
    /// own: a test that does not catch the stream's error fails with it,
    /// once. (swift-corelibs-xctest runs one test of the binary by name;
    /// Apple's XCTest needs its runner, so this runs on Linux.)
    func testATestThatDoesNotCatchTheStreamsErrorFailsWithIt() throws {
        #if os(Linux)
        let error = try failedOnce("testAnUncaughtStreamError")
        XCTAssertTrue(error.hasSuffix(#"threw error "PaymentDeclined(code: 402)""#), error)
        #endif
    }

    /// A timeout in a test case that keeps its failures in the run (any
    /// test case but a failure-capturing one): recorded once at the wait's
    /// line, and the test stops there and ends failed, not skipped.
    func testATimeoutInAPlainTestCaseFailsItOnceAtTheWaitAndStopsIt() throws {
        #if os(Linux)
        // The XCTSkip that stops it is counted ("1 test skipped and 1 failure"), but the test ends failed.
        let error = try failedOnce("testATimeout")
        XCTAssertTrue(
            error.contains(
                "CombineExpectationsFixtures.testATimeout : Asynchronous wait failed: elements: not completed within "
                    + "10ms: no events were recorded"), error)
        let line = try XCTUnwrap(Int(error.split(separator: ":")[1]))
        let source = try String(contentsOfFile: #filePath, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        XCTAssertTrue(source[line - 1].contains("wait(for: recorder.elements, timeout: 0.01)"), "\(source[line - 1])")
        #endif
    }

    #if os(Linux)
    /// Runs `CombineExpectationsFixtures/test` alone and asserts that it failed, with exit status 1 and exactly one
    /// `error:` line, which it returns.
    func failedOnce(_ test: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let (status, text) = try Self.run(test)
        XCTAssertEqual(status, 1, text, file: file, line: line)
        let errors = text.split(separator: "\n").filter { $0.contains(": error: ") }
        XCTAssertEqual(errors.count, 1, text, file: file, line: line)
        XCTAssertTrue(
            text.contains("Test Case 'CombineExpectationsFixtures.\(test)' failed"), text, file: file, line: line)
        return String(try XCTUnwrap(errors.first, file: file, line: line))
    }

    /// Runs `CombineExpectationsFixtures/test` alone in this test binary: its exit status and output.
    static func run(_ test: String) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = ["StreamTraceXCTestTests.CombineExpectationsFixtures/\(test)"]
        process.environment = ProcessInfo.processInfo.environment.merging(["STREAMTRACE_CE_FIXTURES": "1"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
    #endif
}

/// Run only by ``CombineExpectationsSemanticsTests``, each in a process of
/// its own with `STREAMTRACE_CE_FIXTURES` set: synchronous tests that end
/// failed on purpose.
final class CombineExpectationsFixtures: XCTestCase {
    override func setUpWithError() throws {
        guard ProcessInfo.processInfo.environment["STREAMTRACE_CE_FIXTURES"] != nil else {
            throw XCTSkip("a fixture of CombineExpectationsSemanticsTests, run in a process of its own")
        }
    }

    /// Waits for the elements of a stream that fails, and does not catch its error.
    func testAnUncaughtStreamError() throws {
        let recorder = Recorder<String, CombineExpectationsSemanticsTests.PaymentDeclined>(clock: TestClock())
        recorder.receive(completion: .failure(.init()))
        _ = try wait(for: recorder.elements, timeout: 1)
    }

    /// Waits for the elements of a stream that never ends.
    func testATimeout() throws {
        let recorder = Recorder<String, Never>(clock: TestClock())
        _ = try wait(for: recorder.elements, timeout: 0.01)
        XCTFail("the test went on after the wait")
    }
}
