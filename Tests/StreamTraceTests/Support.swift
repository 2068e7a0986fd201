import Foundation
import StreamTrace
import Testing

/// A clock the test moves by hand, so that recorded times are exact.
final class ManualClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)

    var now: Instant { lock.withLock { current } }
    var minimumResolution: Duration { .nanoseconds(1) }

    func advance(by duration: Duration) {
        lock.withLock { current = current.advanced(by: duration) }
    }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        advance(by: now.duration(to: deadline))
    }
}

/// Polls `condition` until it holds (a wait registered, say); a hang
/// bound, not a speed bound.
func until(_ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(60)
    while !condition() {
        try #require(ContinuousClock.now < deadline, "gave up after 60 s")
        await Task.yield()
    }
}

struct MyError: Error, Equatable, Codable {
    var code = 1
}

/// An error that is not Encodable, with a custom description.
struct Boom: Error, CustomStringConvertible {
    var description: String { "boom: the \"engine\" stalled" }
}

/// An AsyncSequence of the given elements, then an optional error, with
/// typed throws: `record()` and `trace(to:)` keep its `Failure` where typed
/// throws exist (macOS 15, iOS 18, tvOS 18, watchOS 11, Linux); tests that
/// rely on it are `@available` there.
struct ScriptedSequence<Element: Sendable, Failure: Error>: AsyncSequence, Sendable {
    let elements: [Element]
    let error: Failure?

    struct AsyncIterator: AsyncIteratorProtocol {
        var remaining: ArraySlice<Element>
        var error: Failure?
        mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Element? {
            if let first = remaining.popFirst() { return first }
            if let error {
                self.error = nil
                throw error
            }
            return nil
        }
        mutating func next() async throws(Failure) -> Element? {
            try await next(isolation: nil)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(remaining: elements[...], error: error) }
}

extension ScriptedSequence where Failure == Never {
    init(_ elements: [Element]) {
        self.elements = elements
        self.error = nil
    }
}

extension AsyncStream where Element: Sendable {
    /// A stream of `elements`, then finished. Recorded as
    /// `Recorder<Element, Never>` on every OS version, where a
    /// `ScriptedSequence` is only with typed throws (macOS 15, iOS 18).
    init(scripted elements: [Element]) {
        self.init { continuation in
            for element in elements { continuation.yield(element) }
            continuation.finish()
        }
    }
}

/// Runs `body` on a new thread after `delay`.
func onAnotherThread(after delay: TimeInterval = 0, _ body: @escaping @Sendable () -> Void) {
    let thread = Thread {
        if delay > 0 { Thread.sleep(forTimeInterval: delay) }
        body()
    }
    thread.start()
}

/// Runs blocking work on a thread of its own and awaits its result, so
/// that it holds neither one of Swift concurrency's few threads nor one of
/// Dispatch's global queue (code under test relies on both, and on Linux
/// the global queue adds threads only slowly when its own block). The
/// thread's stack is `stackSize` bytes.
func onOwnThread<T: Sendable>(
    stackSize: Int = 8 << 20, _ body: @escaping @Sendable () throws -> T
) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.stackSize = stackSize
        thread.start()
    }
}

/// Runs `body`, which starts a child process and waits for it, once fewer
/// than one child per core run: each CLI test's binary (seconds of CPU
/// under TSan) would otherwise crowd out the tests of this process, and
/// a test waiting for a prompt wake-up would wait its turn for a core.
func asChildProcess<T>(_ body: () throws -> T) rethrows -> T {
    childProcessSlots.wait()
    defer { childProcessSlots.signal() }
    return try body()
}

private let childProcessSlots = DispatchSemaphore(value: ProcessInfo.processInfo.activeProcessorCount)

/// This test process's folder for its files, made on first use and
/// removed when the process exits: a run of the suite writes ~170 MB
/// there, which every run used to leave behind in the temporary directory.
let testFilesDirectory: URL = {
    let directory = testFilesDirectoryOfThisProcess()
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: testFilesDirectoryOfThisProcess()) }
    return directory
}()

private func testFilesDirectoryOfThisProcess() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("streamtrace-tests-\(getpid())")
}

func temporaryPath(_ name: String) -> String {
    testFilesDirectory.appendingPathComponent(name).path
}

/// A new, empty directory for one test's files.
func temporaryDirectory() throws -> String {
    let directory = testFilesDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.path
}

/// Runs `body` in `directory`, for documentation examples that name
/// relative paths, then returns to the previous current directory. The
/// current directory is the process's: one body at a time, and no other
/// test may depend on it (they use absolute paths).
func inDirectory<T>(_ directory: String, _ body: () throws -> T) throws -> T {
    currentDirectoryLock.lock()
    defer { currentDirectoryLock.unlock() }
    let manager = FileManager.default
    let previous = manager.currentDirectoryPath
    guard manager.changeCurrentDirectoryPath(directory) else { throw CocoaError(.fileNoSuchFile) }
    defer { _ = manager.changeCurrentDirectoryPath(previous) }
    return try body()
}

private let currentDirectoryLock = NSLock()
