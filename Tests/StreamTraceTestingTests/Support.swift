import Foundation
import StreamTrace
import Testing

/// The issues a block recorded: their comments and lines. Behind an
/// `NSLock`: `Synchronization.Mutex` needs macOS 15 / iOS 18.
private final class IssueLog: @unchecked Sendable {
    private let lock = NSLock()
    private var noted: [(message: String, line: Int?)] = []

    var issues: [(message: String, line: Int?)] { lock.withLock { noted } }

    /// Takes every issue as a known one, noting it — but for the error a
    /// helper throws to stop the test after its failure (`Test.cancel`),
    /// which outside `withKnownIssue` records nothing.
    func match(_ issue: Issue) -> Bool {
        if case .errorCaught(let error) = issue.kind, "\(type(of: error))" == "SkipInfo" { return true }
        let message = issue.comments.map(\.rawValue).joined(separator: "\n")
        lock.withLock { noted.append((message, issue.sourceLocation?.line)) }
        return true
    }

    func noteRethrown(_ error: any Error) {
        lock.withLock { noted.append(("rethrown: \(error)", nil)) }
    }
}

/// The issues `body` records, captured as known issues (so that the test
/// itself passes), with their comments and lines.
func recordedIssues(_ body: () async throws -> Void) async -> [(message: String, line: Int?)] {
    let log = IssueLog()
    do {
        try await withKnownIssue {
            try await body()
        } matching: {
            log.match($0)
        }
    } catch {
        log.noteRethrown(error)
    }
    return log.issues
}

/// The same for synchronous code.
func synchronousIssues(_ body: () throws -> Void) -> [(message: String, line: Int?)] {
    let log = IssueLog()
    do {
        try withKnownIssue {
            try body()
        } matching: {
            log.match($0)
        }
    } catch {
        log.noteRethrown(error)
    }
    return log.issues
}

/// `count` ticks, one a second on `clock`, then finished.
func ticks(_ count: Int, on clock: TestClock) -> AsyncStream<Int> {
    AsyncStream { continuation in
        let task = Task {
            for i in 1...count {
                try await clock.sleep(for: .seconds(1))
                continuation.yield(i)
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
    }
}

/// Advances `clock` a second at a time, each step once the producer is
/// asleep, then waits until `recorder` holds that second's tick: the
/// recording task may run later than the producer, and a tick it took
/// after the next step would be stamped a second late. (A test helper:
/// the library itself never polls.)
func tick(_ clock: TestClock, seconds: Int, recorder: Recorder<Int, Never>) async {
    for second in 1...seconds {
        await settle { clock.sleeperCount > 0 }
        await clock.advance(by: .seconds(1))
        await settle { recorder.events.count { $0.event.kind == .value } >= second }
    }
}

/// Lets other tasks run until `condition` holds; after a minute, records
/// an issue at the caller.
func settle(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async {
    let deadline = ContinuousClock.now + .seconds(60)
    while !condition(), ContinuousClock.now < deadline { await Task.yield() }
    if !condition() { Issue.record("the condition did not hold within a minute", sourceLocation: sourceLocation) }
}

struct Timeout: Error, Equatable, CustomStringConvertible {
    var description: String { "the service timed out" }
}

func temporaryPath(_ name: String) -> String {
    testFiles.appendingPathComponent(name).path
}

/// A new, empty directory for one test's files.
func temporaryDirectory() throws -> String {
    let directory = testFiles.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.path
}

/// This process's folder for test files, removed when it exits (each run
/// used to leave its folder behind in the temporary directory).
let testFiles: URL = {
    let folder = testFilesOfThisProcess()
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: testFilesOfThisProcess()) }
    return folder
}()

private func testFilesOfThisProcess() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("streamtrace-testing-\(getpid())")
}

#if os(macOS) || os(Linux)
/// Runs this test binary again as a child process with `arguments` and
/// `environment` (a `nil` value removes a variable): its exit status and
/// its output, stdout and stderr together. On a thread of its own: the
/// child's output is read until it ends.
func runThisTestBinary(_ arguments: [String], environment changes: [String: String?]) async throws -> (
    status: Int32, output: String
) {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(
                with: Result {
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
                    process.arguments = arguments
                    var environment = ProcessInfo.processInfo.environment
                    for (name, value) in changes { environment[name] = value }
                    process.environment = environment
                    let output = Pipe()
                    process.standardOutput = output
                    process.standardError = output
                    try process.run()
                    let data = output.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
                })
        }
        thread.start()
    }
}
#endif
