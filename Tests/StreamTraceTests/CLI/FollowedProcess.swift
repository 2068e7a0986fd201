// Spawns processes (a browser, the command), which macOS and Linux can; iOS, tvOS and watchOS cannot.
#if os(macOS) || os(Linux)
import Foundation
import Testing

/// `streamtrace show --follow` running as a child process: its output as it
/// comes, read on threads of its own; every wait a bounded polling of it.
final class FollowedProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var out = Data()
    private var err = Data()
    private let readers = DispatchGroup()

    struct Timeout: Error, CustomStringConvertible {
        var description: String
    }

    init(_ arguments: [String]) throws {
        process.executableURL = CommandRunner.binary
        process.arguments = arguments
        process.environment = CommandRunner.environment([:])
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        for (pipe, isError) in [(stdout, false), (stderr, true)] {
            readers.enter()
            Thread { [self] in
                let handle = pipe.fileHandleForReading
                while case let chunk = handle.availableData, !chunk.isEmpty {
                    lock.withLock { isError ? err.append(chunk) : out.append(chunk) }
                }
                readers.leave()
            }.start()
        }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    var output: String { lock.withLock { String(decoding: out, as: UTF8.self) } }
    var errors: String { lock.withLock { String(decoding: err, as: UTF8.self) } }
    var lines: [String] { output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    /// Polls the output every 10 ms until it holds `text`; throws after `timeout`.
    func waitForOutput(containing text: String, timeout: Duration = .seconds(60)) async throws {
        let deadline = ContinuousClock.now + timeout
        while !output.contains(text) {
            guard ContinuousClock.now < deadline else {
                throw Timeout(description: "no \(text.debugDescription) in:\n\(output)\nstderr:\n\(errors)")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Polls every 10 ms until the process has exited and its output is
    /// read; its exit status. Throws (and kills it) after `timeout`.
    func exitStatus(timeout: Duration = .seconds(60)) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning || readers.wait(timeout: .now()) == .timedOut {
            guard ContinuousClock.now < deadline else {
                kill(process.processIdentifier, SIGKILL)
                throw Timeout(description: "still running after \(timeout):\n\(output)")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        return process.terminationStatus
    }

    /// Sends SIGINT, as Ctrl-C does.
    func interrupt() {
        kill(process.processIdentifier, SIGINT)
    }

    /// How many times the process's main thread has gone to sleep and been
    /// woken (Linux: /proc/PID/status), or `nil` where that is not known.
    var wakeUps: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
        return line.flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
    }
}

/// Appends `text` to the file at `path`, as a writer of a trace does.
func append(_ text: String, to path: String) throws {
    let handle = try #require(FileHandle(forWritingAtPath: path))
    defer { try? handle.close() }
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(text.utf8))
}
#endif
