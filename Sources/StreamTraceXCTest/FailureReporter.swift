import StreamTrace
import XCTest

/// Registers, when the process loads this module, the reporter through which the library (which links no test
/// framework) fails the running XCTest on its own, as for a stall of a virtual clock's tasks. Rank 1: after Swift
/// Testing's, which takes the failures of its own tests.
enum FailureReporter {
    static func register() {
        TestFrameworkReporter.register(rank: 1) { message, location in
            // Outside a test case XCTest drops it, as it does any assertion's.
            XCTFail(message, file: location.filePath, line: location.line)
            return true
        }
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
