import StreamTrace
import XCTest

/// Registers, when the process loads this module, the reporter through
/// which the library fails the running XCTest on its own (a stall of a
/// virtual clock's tasks; see `TestFrameworkReporter`), and an observer
/// that knows whether a test case is running: the library links no test
/// framework, and this module has no other moment to tell it that one is
/// there.
final class FailureReporter: NSObject, XCTestObservation, @unchecked Sendable {
    /// After Swift Testing's.
    static let rank = 1
    private static let shared = FailureReporter()

    private let lock = NSLock()
    private var running = 0

    static func register() {
        TestFrameworkReporter.register(rank: rank) { message, location in
            guard shared.lock.withLock({ shared.running > 0 }) else { return false }
            XCTFail(message, file: location.filePath, line: location.line)
            return true
        }
        DispatchQueue.main.async { XCTestObservationCenter.shared.addTestObserver(shared) }
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
        lock.withLock { running += 1 }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        lock.withLock { running -= 1 }
    }
}

#if compiler(>=6.3)
#if os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD)
@used @section(".init_array")
private let registerOnLoad: @convention(c) () -> Void = { FailureReporter.register() }
#elseif canImport(Darwin)
@used @section("__DATA,__mod_init_func")
private let registerOnLoad: @convention(c) () -> Void = { FailureReporter.register() }
#endif
#endif
