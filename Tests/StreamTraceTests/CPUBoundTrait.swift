import Foundation
import Testing

/// Runs a CPU-heavy test, or every test of a suite, on ``DedicatedThreads``
/// instead of Swift concurrency's global pool.
///
/// Swift Testing starts every test case at once on the global pool, which
/// has one thread per core and no preemption: a suite of hundreds of
/// seeded cases, each busy for tens of milliseconds (seconds under TSan),
/// keeps both threads of a 2-core machine busy for half a minute, and every
/// other test waits that long for its next job. A test that checks it was
/// woken promptly then fails for nothing it did. On threads of their own,
/// such cases share the cores with the rest through the OS scheduler.
struct CPUBoundTrait: TestTrait, SuiteTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's scope would wrap its children's tasks too, but only
        // structured ones inherit a preference: scope every test instead.
        guard !test.isSuite else { return try await function() }
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
            try await withTaskExecutorPreference(DedicatedThreads.shared) { try await function() }
        } else {
            try await function()
        }
    }
}

extension Trait where Self == CPUBoundTrait {
    /// The test keeps a core busy: run it on ``DedicatedThreads``.
    static var cpuBound: Self { CPUBoundTrait() }
}

/// A task executor with threads of its own (one per core), which run the
/// jobs given to them in order. Test support: one lock-protected queue.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
final class DedicatedThreads: TaskExecutor, @unchecked Sendable {
    static let shared = DedicatedThreads(count: max(2, ProcessInfo.processInfo.activeProcessorCount))

    /// Whether the caller runs on one of these threads.
    static var isCurrent: Bool { pthread_getspecific(marker) != nil }

    /// Set on each of these threads (a name set before a thread starts is
    /// lost on Linux, and a thread inherits its creator's).
    private static let marker: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init(count: Int) {
        for _ in 0..<count {
            let thread = Thread { [unowned self] in self.work() }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    private func work() {
        pthread_setspecific(Self.marker, UnsafeRawPointer(bitPattern: 1))
        while true {
            let job = condition.withLock { () -> UnownedJob in
                while jobs.isEmpty { condition.wait() }
                return jobs.removeFirst()
            }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
