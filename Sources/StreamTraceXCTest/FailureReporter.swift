import StreamTrace
import XCTest

/// Registers, when the process loads this module, the reporter through
/// which the library fails the running XCTest on its own (a stall of a
/// virtual clock's tasks; see `TestFrameworkReporter`): the library links no
/// test framework, and this module has no other moment to tell it that one
/// is there.
enum FailureReporter {
    /// After Swift Testing's, which takes the failures of its own tests.
    static let rank = 1

    static func register() {
        TestFrameworkReporter.register(rank: rank) { message, location in
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
