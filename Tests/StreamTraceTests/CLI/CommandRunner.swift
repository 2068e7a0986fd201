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

    /// Runs the binary, waiting for it on a thread of its own.
    /// Runs the binary (or `executable`, given the binary's path where it
    /// needs it), waiting for it on a thread of its own.
    static func run(
        _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], executable: String? = nil
    ) async throws -> Result {
        try await onOwnThread {
            try asChildProcess {
                try runBlocking(arguments, stdin: stdin, environment: environment, executable: executable)
            }
        }
    }

    /// ``run(_:stdin:environment:executable:)`` on this thread.
    static func runBlocking(
        _ arguments: [String], stdin: String?, environment: [String: String], executable: String?
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
        writeInput(stdin, to: input.fileHandleForWriting)
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

    /// Writes the command's standard input and closes it. A command may exit
    /// without reading it (a usage error), and a write to its closed pipe
    /// then raises SIGPIPE, which would end the whole test process: the
    /// write runs in a thread of its own with SIGPIPE blocked (it fails with
    /// EPIPE instead, and a pending signal dies with the thread), never with
    /// SIGPIPE ignored for the process, whose disposition the binaries other
    /// tests start inherit.
    static func writeInput(_ text: String?, to handle: FileHandle) {
        let written = DispatchSemaphore(value: 0)
        Thread {
            defer { written.signal() }
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
            if let text { try? handle.write(contentsOf: Data(text.utf8)) }
            try? handle.close()
        }.start()
        written.wait()
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
