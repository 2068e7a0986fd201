// Runs scripts/lint-availability with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// scripts/lint-availability, run as `make lint-availability` runs it: it
/// reports an API newer than the minimums used without a guard, and
/// `Process` outside macOS/Linux code, at their lines; guarded uses pass.
@Suite struct LintAvailabilityTests {
    static let script = CommandRunner.root.appendingPathComponent("scripts/lint-availability").path

    func lint(_ source: String) async throws -> CommandRunner.Result {
        let path = try CommandRunner.traceFile(source, name: UUID().uuidString + ".swift")
        return try await CommandRunner.run([Self.script, path], executable: "/bin/sh")
    }

    @Test func anUnguardedMutexIsReportedAtItsLineAndColumn() async throws {
        let result = try await lint("import Synchronization\n\nlet counter = Mutex(0)\n")
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains(".swift:3:15: error: Mutex needs macOS 15 / iOS 18 / tvOS 18 / watchOS 11"))
    }

    @Test func aMutexUnderAnAvailableDeclarationPasses() async throws {
        let result = try await lint(
            """
            import Synchronization

            @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
            final class Counter: Sendable {
                let value = Mutex(0)
            }
            """)
        #expect(result.status == 0, "\(result)")
    }

    @Test func anUnguardedProcessIsReported() async throws {
        let result = try await lint("import Foundation\n\nlet process = Process()\n")
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains(".swift:3:15: error: Process needs macOS or Linux"))
    }

    @Test func aProcessUnderMacOSOrLinuxPasses() async throws {
        let result = try await lint(
            """
            #if os(macOS) || os(Linux)
            import Foundation

            let process = Process()
            #endif
            """)
        #expect(result.status == 0, "\(result)")
    }

    @Test func theFixturesOfTheSelfTestGiveTheirMarkedFindings() async throws {
        let result = try await CommandRunner.run([Self.script, "--self-test"], executable: "/bin/sh")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("fixtures/unguarded.swift: ok"))
        #expect(result.stdout.contains("fixtures/guarded.swift: ok"))
    }
}
#endif
