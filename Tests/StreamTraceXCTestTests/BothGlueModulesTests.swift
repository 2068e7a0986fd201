import StreamTrace
import StreamTraceTesting
import StreamTraceXCTest
import XCTest

/// A test target that imports both glue modules: every helper still fails
/// the XCTest that calls it, and the compiler has one `expectEventually`.
final class BothGlueModulesTests: FailureCapturingTestCase {
    func testExpectEventuallyIsOneFunctionAndFailsAnXCTest() {
        let line = #line + 1
        let failures = expectFailures { expectEventually(actual: { 1 }, expected: 2, timeout: 0.02, interval: 0.01) }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertEqual(failures.first?.message.hasPrefix("failed - Expected 2, but was 1 after "), true)
    }

    func testASwiftTestingHelperCalledFromAnXCTestFailsIt() {
        let recorder = Recorder<Int, Never>(clock: TestClock())
        recorder.receive(1)
        recorder.receive(completion: .finished)
        let line = #line + 1
        let failures = expectFailures { expectEvents(recorder, [.value(2), .finished]) }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertEqual(
            failures.first?.message.hasPrefix("failed - expectEvents: expected #1 to be value 2, got value 1"), true)
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
