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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = ["StreamTraceXCTestTests.UncaughtStreamErrorFixture/testAnUncaughtStreamError"]
        process.environment = ProcessInfo.processInfo.environment.merging(["STREAMTRACE_UNCAUGHT_FIXTURE": "1"]) {
            $1
        }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 1, text)
        let errors = text.split(separator: "\n").filter { $0.contains(": error: ") }
        XCTAssertEqual(errors.count, 1, text)
        XCTAssertTrue(
            errors.first?.hasSuffix(#"threw error "PaymentDeclined(code: 402)""#) ?? false, "\(errors)")
        XCTAssertTrue(
            text.contains("Test Case 'UncaughtStreamErrorFixture.testAnUncaughtStreamError' failed"), text)
        #endif
    }
}

/// Run only by ``CombineExpectationsSemanticsTests``, in a process of its own
/// with `STREAMTRACE_UNCAUGHT_FIXTURE` set: a synchronous test that waits for
/// the elements of a stream that fails, and does not catch its error.
final class UncaughtStreamErrorFixture: XCTestCase {
    func testAnUncaughtStreamError() throws {
        guard ProcessInfo.processInfo.environment["STREAMTRACE_UNCAUGHT_FIXTURE"] != nil else { return }
        let recorder = Recorder<String, CombineExpectationsSemanticsTests.PaymentDeclined>(clock: TestClock())
        recorder.receive(completion: .failure(.init()))
        _ = try wait(for: recorder.elements, timeout: 1)
    }
}
