// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// A report that cannot be written is never a silent success.
@Suite struct OutputErrorTests {
    /// Runs `script` in bash with the binary as `$0`; its standard output.
    func bash(_ script: String, _ arguments: [String]) async throws -> CommandRunner.Result {
        try await CommandRunner.run(["-c", script, CommandRunner.binary.path] + arguments, executable: "/bin/bash")
    }

    @Test(arguments: [
        ["check", "search.jsonl", "count"], ["show", "search.jsonl"], ["diff", "search.jsonl", "open.jsonl"],
    ])
    func aFullDiskEndsTheCommandWithStatus3AndOneLine(arguments: [String]) async throws {
        let paths = arguments.map { $0.hasSuffix(".jsonl") ? CommandRunner.sample($0) : $0 }
        let result = try await bash(#""$0" "$@" > /dev/full; echo "status=$?""#, paths)
        #expect(result.stdout == "status=3\n", "\(result)")
        #expect(result.stderr == "streamtrace: error: cannot write to standard output: No space left on device\n")
    }

    @Test func aClosedPipeWithSIGPIPEIgnoredIsStatus3() async throws {
        let big = try bigTrace()
        let result = try await bash(
            #"trap "" PIPE; "$0" show "$1" | head -c 1 > /dev/null; echo "status=${PIPESTATUS[0]}""#, [big])
        #expect(result.stdout == "status=3\n", "\(result)")
        #expect(result.stderr == "streamtrace: error: cannot write to standard output: Broken pipe\n")
    }

    @Test func aClosedPipeEndsTheProgramSilentlyAsGrepDoes() async throws {
        let big = try bigTrace()
        let result = try await bash(#""$0" show "$1" | head -c 1 > /dev/null; echo "status=${PIPESTATUS[0]}""#, [big])
        #expect(result.stdout == "status=141\n", "\(result)")  // 128 + SIGPIPE
        #expect(result.stderr == "")
    }

    /// The other side: a command that exits before it reads its standard
    /// input (a usage error, --version) fails the test's write with EPIPE;
    /// SIGPIPE must not kill the test process (every test in it would go).
    @Test func aCommandThatExitsWithoutReadingItsInputLeavesTheTestsProcessRunning() async throws {
        let result = try await CommandRunner.run(["--version"], stdin: String(repeating: "x", count: 4 << 20))
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "streamtrace 1.0.0\n")
    }

    /// A trace whose `show` output is far larger than a pipe's buffer.
    func bigTrace() throws -> String {
        var text = #"{"streamtrace":1}"# + "\n"
        for i in 0..<20_000 { text += #"{"t":\#(i),"event":"value","value":\#(i)}"# + "\n" }
        return try CommandRunner.traceFile(text)
    }
}
#endif
