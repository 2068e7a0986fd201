// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// Spec files and paths as people really pass them.
@Suite struct SpecInputTests {
    let trace = CommandRunner.sample("search.jsonl")

    @Test func aSpecWithAByteOrderMarkAndCRLFLineEndsIsRead() async throws {
        let spec = temporaryPath("crlf.spec")
        try Data([0xEF, 0xBB, 0xBF] + Array("count == 3\r\n# a comment\r\n\r\nfinished\r\n".utf8))
            .write(to: URL(fileURLWithPath: spec))
        let result = try await CommandRunner.run(["check", "--spec", spec, trace])
        #expect(
            result.lines == [trace, "  PASS  count == 3  3", "  PASS  finished", "2 passed, 0 failed"], "\(result)")
    }

    @Test func aSpecMayBeStandardInputAFIFOOrAProcessSubstitution() async throws {
        let stdin = try await CommandRunner.run(["check", "--spec", "/dev/stdin", trace], stdin: "count\n")
        #expect(stdin.lines == [trace, "  PASS  count  3", "1 passed, 0 failed"], "\(stdin)")

        let fifo = temporaryPath("queries-\(UUID().uuidString).fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        onAnotherThread { try? "finished\n".write(toFile: fifo, atomically: false, encoding: .utf8) }
        let fromFIFO = try await CommandRunner.run(["check", "--spec", fifo, trace])
        #expect(fromFIFO.lines == [trace, "  PASS  finished", "1 passed, 0 failed"], "\(fromFIFO)")

        let substituted = try await CommandRunner.run(
            [
                "-c", #""$0" check --spec <(printf 'single\n') "$1""#, CommandRunner.binary.path, trace,
            ], executable: "/bin/bash")
        #expect(
            substituted.lines.dropFirst().first?.hasPrefix("  FAIL  single  expected exactly one element, got 3")
                == true,
            "\(substituted)")
    }

    @Test func openErrorsAreNamedExactly() async throws {
        let missing = try await CommandRunner.run(["check", "--spec", "/nonexistent/q.spec", trace])
        #expect(
            missing.stderr.hasPrefix("streamtrace: error: cannot read spec file /nonexistent/q.spec: no such file\n"))
        let directory = try await CommandRunner.run(["check", "--spec", NSTemporaryDirectory(), trace])
        #expect(
            directory.stderr.hasPrefix(
                "streamtrace: error: cannot read spec file \(NSTemporaryDirectory()): is a directory\n"))
        #expect([missing.status, directory.status] == [2, 2])
    }

    /// Root reads any file: as root, the binary runs as `nobody`, from a
    /// copy that user can reach wherever the checkout is.
    @Test(.enabled(if: OtherUser.isAvailable, OtherUser.skipNote))
    func anUnreadableSpecSaysPermissionDenied() async throws {
        let spec = try CommandRunner.traceFile("count\n", name: "forbidden-\(UUID().uuidString).spec")
        chmod(spec, 0)
        let result: CommandRunner.Result
        if OtherUser.isNeeded {
            result = try await onOwnThread {
                try asChildProcess {
                    try OtherUser.run(
                        ["check", "--spec", "{q.spec}", "{t.jsonl}"],
                        files: [(spec, "q.spec", 0), (self.trace, "t.jsonl", 0o644)])
                }
            }
        } else {
            result = try await CommandRunner.run(["check", "--spec", spec, trace])
        }
        let named = OtherUser.isNeeded ? "q.spec" : spec
        #expect(result.status == 2, "\(result)")
        #expect(
            result.stderr.hasPrefix("streamtrace: error: cannot read spec file \(named): permission denied\n"),
            "\(result)")
    }

    @Test func aPathThatIsNotUTF8OpensTheFileItNames() async throws {
        let directory = try temporaryDirectory()
        var name = Array(directory.utf8) + Array("/caf".utf8) + [0xE9] + Array(".jsonl".utf8)
        let contents = try Data(contentsOf: URL(fileURLWithPath: trace))
        name.append(0)
        let fd = name.withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o600) }
        }
        #expect(fd >= 0)
        _ = contents.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
        close(fd)
        let result = try await CommandRunner.run(
            [
                "-c", #""$0" check "$(printf "$1/caf\xe9.jsonl")" count"#, CommandRunner.binary.path, directory,
            ], executable: "/bin/bash")
        #expect(result.lines == ["PASS  count  3", "1 passed, 0 failed"], "\(result)")
        let missing = try await CommandRunner.run(
            [
                "-c", #""$0" check "$(printf "$1/nope\xff.jsonl")" count"#, CommandRunner.binary.path, directory,
            ], executable: "/bin/bash")
        #expect(missing.stderr == "\(directory)/nope\\xFF.jsonl: cannot open: no such file\n", "\(missing)")
        let query = try await CommandRunner.run(
            [
                "-c", #""$0" check "$1" "$(printf 'count == \xff')""#, CommandRunner.binary.path, trace,
            ], executable: "/bin/bash")
        #expect(query.stderr.hasPrefix(#"streamtrace: error: query 1 is not UTF-8 text: count == \xFF"#), "\(query)")
    }
}
#endif
