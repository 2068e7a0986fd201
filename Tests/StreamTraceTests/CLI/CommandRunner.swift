// Runs the built binaries with `Process`, which exists on macOS and Linux only.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// Runs the built `streamtrace` binary, as a user would.
struct CommandRunner {
    struct Result: CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String
        var description: String { "exit \(status)\nstdout:\n\(stdout)\nstderr:\n\(stderr)" }
        /// Standard output's lines.
        var lines: [String] {
            stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }

    /// The repository's root, for samples.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func sample(_ name: String) -> String {
        root.appendingPathComponent("samples").appendingPathComponent(name).path
    }

    /// The binary: `STREAMTRACE_BIN`, else next to the test bundle.
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["STREAMTRACE_BIN"] { return URL(fileURLWithPath: path) }
        let bundle = Bundle.main.bundleURL
        let candidates = [
            bundle.appendingPathComponent("streamtrace"),
            bundle.deletingLastPathComponent().appendingPathComponent("streamtrace"),
            root.appendingPathComponent(".build/debug/streamtrace"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }()

    /// Runs the binary (or `executable`, given the binary's path where it
    /// needs it), waiting for it on a thread of its own. With a `hangBound`,
    /// a child still running that long after it started is killed (exit
    /// status 9, SIGKILL): the bound counts the child's own run, not the
    /// wait for a child-process slot behind the other tests' children.
    static func run(
        _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], executable: String? = nil,
        hangBound: Duration? = nil
    ) async throws -> Result {
        try await onOwnThread {
            try asChildProcess {
                try runBlocking(
                    arguments, stdin: stdin, environment: environment, executable: executable, hangBound: hangBound)
            }
        }
    }

    /// ``run(_:stdin:environment:executable:hangBound:)`` on this thread.
    static func runBlocking(
        _ arguments: [String], stdin: String?, environment: [String: String], executable: String?,
        hangBound: Duration? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable.map(URL.init(fileURLWithPath:)) ?? binary
        process.arguments = arguments
        process.environment = CommandRunner.environment(environment)
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let hangBound { killIfRunning(process, after: hangBound) }
        if let stdin { writeIgnoringAClosedPipe(Array(stdin.utf8), to: input.fileHandleForWriting.fileDescriptor) }
        try input.fileHandleForWriting.close()
        // Read both pipes to the end before waiting, so a full pipe cannot block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        Thread {
            outData = out.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }.start()
        errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Writes `bytes` to a pipe the child may have closed already (a usage
    /// error exits before it reads standard input): SIGPIPE is blocked on
    /// this thread for the write and a pending one taken, so that the write
    /// fails with EPIPE instead of killing the test process. SIGPIPE is
    /// never ignored for the process: the binaries the tests start inherit
    /// that disposition.
    static func writeIgnoringAClosedPipe(_ bytes: [UInt8], to descriptor: Int32) {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer {
            var pending = sigset_t()
            var taken: Int32 = 0
            if sigpending(&pending) == 0, sigismember(&pending, SIGPIPE) == 1 { sigwait(&pipeSignal, &taken) }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            offset += count
        }
    }

    /// Kills `process` if it still runs `bound` from now.
    private static func killIfRunning(_ process: Process, after bound: Duration) {
        let pid = process.processIdentifier
        let milliseconds = Int(bound.components.seconds * 1000 + bound.components.attoseconds / 1_000_000_000_000_000)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) {
            if process.isRunning { kill(pid, SIGKILL) }
        }
    }

    /// The environment the binary runs in: the test's, without what the
    /// command reads of it (colour, width, CI reports), so that the suite
    /// passes wherever it runs; then `extra`.
    static func environment(_ extra: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["NO_COLOR", "CLICOLOR_FORCE", "TERM", "COLUMNS", "GITHUB_STEP_SUMMARY"] { environment[name] = nil }
        return environment.merging(extra) { $1 }
    }

    /// Writes `text` to a temporary file, a trace unless `name` says
    /// otherwise (a spec, a report), and returns its path.
    static func traceFile(_ text: String, name: String = UUID().uuidString + ".jsonl") throws -> String {
        let path = temporaryPath(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
#endif
