import StreamTrace
import StreamTraceTesting
import StreamTraceXCTest
import XCTest

/// A test target that imports both glue modules: inside a test case the
/// XCTest helpers, methods of `XCTestCase`, shadow the Swift Testing
/// functions of the same name, so each call fails the XCTest that makes it.
final class BothGlueModulesTests: FailureCapturingTestCase {
    func testExpectEventuallyInATestCaseIsTheXCTestOneAndFailsTheXCTest() {
        let line = #line + 2
        let failures = expectFailures {
            expectEventually(actual: { 1 }, expected: 2, timeout: .milliseconds(20), interval: .milliseconds(10))
        }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertEqual(failures.first?.message.hasPrefix("failed - Expected 2, but was 1 after "), true)
    }

    func testAsyncExpectEventuallyInATestCaseIsTheXCTestOneAndFailsTheXCTest() async {
        let line = #line + 2
        let failures = await expectFailures {
            await expectEventually(
                actual: { 1 }, expected: 2, timeout: .milliseconds(500), interval: .milliseconds(100),
                clock: TestClock())
        }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertEqual(
            failures.map(\.message), ["failed - Expected 2, but was 1 after 6 tries, timing out after 0.5 seconds"])
    }

    /// The shape that crashed Swift 6.3.1 while the waits had typed throws:
    /// a throwing call inside a `do` whose `catch … where` sits in a function
    /// that throws another type. It compiles now.
    func testATypedCatchInAFunctionThrowingAnotherTypeCompiles() throws {
        struct Other: Error {}
        func read(_ recorder: Recorder<Int, Never>) throws(Other) -> Int {
            do {
                return try recorder.next().get()
            } catch let error as RecordingError where error.reason == .notEnoughElements {
                return -1
            } catch {
                throw Other()
            }
        }
        let recorder = Recorder<Int, Never>()
        XCTAssertEqual(try read(recorder), -1)
        recorder.receive(5)
        XCTAssertEqual(try read(recorder), 5)
    }
}
