import StreamTrace
import Testing

/// Registers, when the process loads this module, the reporter through which the library (which links no test
/// framework) fails the running Swift Testing test on its own, as for a stall of a virtual clock's tasks. Rank 0: asked
/// before XCTest's, since Swift Testing's tests also run where XCTest is loaded.
enum FailureReporter {
    static func register() {
        TestFrameworkReporter.register(rank: 0) { message, location in
            guard Test.current != nil else { return false }
            Issue.record(Comment(rawValue: message), sourceLocation: location.sourceLocation)
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
