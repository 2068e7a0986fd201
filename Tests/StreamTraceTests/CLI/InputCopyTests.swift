// Reads a child's open descriptors from /proc, which Linux has.
#if os(Linux)
import Foundation
import Testing

/// A trace read from a stream in several passes is copied to a temporary
/// file (`InputCopy`): on Linux a file that never has a name (`O_TMPFILE`),
/// so nothing is left in the temporary directory, even by a command killed
/// at any moment.
@Suite struct InputCopyTests {
    @Test func theCopyOfAStreamIsNeverAFileEvenWhileTheCommandRunsOrWhenItIsKilled() async throws {
        let folder = try temporaryDirectory()
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = ["show", "-"]
        process.environment = CommandRunner.environment(["TMPDIR": folder])
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        let head =
            try String(contentsOfFile: CommandRunner.sample("search.jsonl"), encoding: .utf8)
            .split(separator: "\n").prefix(3).joined(separator: "\n") + "\n"
        CommandRunner.writeIgnoringAClosedPipe(Array(head.utf8), to: input.fileHandleForWriting.fileDescriptor)

        // The first pass waits for the rest of the stream with the copy open: from the moment it is open, it has no
        // name (a named file unlinked after it was made would show its name for a moment, which a kill could keep).
        let copy = try await Self.openFile(of: process.processIdentifier, under: "\(folder)/")
        #expect(copy.hasSuffix(" (deleted)"))
        #expect(try Self.copies(in: folder) == [])

        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(try Self.copies(in: folder) == [])
    }

    @Test func laterPassesReadTheWholeCopyFromItsStartAndLeaveNothingBehind() async throws {
        let folder = try temporaryDirectory()
        let sample = CommandRunner.sample("search.jsonl")
        let expected = try await CommandRunner.run(["show", sample])
        let text = try String(contentsOfFile: sample, encoding: .utf8)
        let fromStream = try await CommandRunner.run(["show", "-"], stdin: text, environment: ["TMPDIR": folder])
        #expect(fromStream.status == 0)
        #expect(fromStream.stdout == expected.stdout.replacingOccurrences(of: sample, with: "<stdin>"))
        #expect(try Self.copies(in: folder) == [])
    }

    /// The files in `folder` named as a stream's copy is.
    static func copies(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("streamtrace-input-") }
    }

    /// The target of the first descriptor of `pid` whose path starts with
    /// `prefix`, polled every 10 ms; a 60 s hang bound.
    static func openFile(of pid: Int32, under prefix: String) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
            for descriptor in descriptors {
                if let target = try? FileManager.default.destinationOfSymbolicLink(
                    atPath: "/proc/\(pid)/fd/\(descriptor)"),
                    target.hasPrefix(prefix)
                {
                    return target
                }
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw Timeout(description: "no descriptor of \(pid) at \(prefix)… within 60 s")
    }

    struct Timeout: Error, CustomStringConvertible {
        var description: String
    }
}
#endif
