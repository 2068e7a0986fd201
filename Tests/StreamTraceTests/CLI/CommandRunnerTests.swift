// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// What the CLI tests' runner promises whatever the child does: the test
/// process survives a child that never reads its input, and a child that
/// hangs is killed at its hang bound.
@Suite struct CommandRunnerTests {
    /// A command that fails at its arguments exits without reading standard
    /// input: a megabyte of it (more than a pipe holds) fails to write with
    /// EPIPE and the test goes on. It used to raise SIGPIPE, which killed the
    /// whole test process (signal 13) whenever the child had exited first.
    @Test func inputTheCommandNeverReadsLeavesTheTestsRunning() async throws {
        let result = try await CommandRunner.run(
            ["export", "--format", "otlp", "--epoch"], stdin: String(repeating: "x", count: 1 << 20))
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("streamtrace: error: option '--epoch' needs a value\n"), "\(result)")
    }

    /// A child still running at its hang bound is killed (SIGKILL, 9).
    @Test func aChildRunningPastItsHangBoundIsKilled() async throws {
        let result = try await CommandRunner.run(["600"], executable: "/bin/sleep", hangBound: .seconds(1))
        #expect(result.status == SIGKILL)
    }
}
#endif
