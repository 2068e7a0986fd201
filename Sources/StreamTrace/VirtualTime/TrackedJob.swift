#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The domains of the tracked job running on the current thread, so that
/// what it enqueues — a task it starts or resumes, or one that an actor job
/// runs — joins them too (see ``TaskTracker``).
enum TrackedJob {
    private final class Domains {
        let ids: [UInt64]
        init(_ ids: [UInt64]) { self.ids = ids }
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The domains of the job this thread is running, if it is a tracked one.
    static var current: [UInt64]? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<Domains>.fromOpaque(pointer).takeUnretainedValue().ids
    }

    /// Runs `job` with its domains as the thread's ``current``.
    static func run(_ job: UnownedJob, on executor: UnownedSerialExecutor, domains ids: [UInt64]) {
        within(ids) { job.runSynchronously(on: executor) }
    }

    /// Runs `body` with `ids` as the thread's ``current``: a job, or a
    /// clock's scheduled actions, which its synchronous advance runs on the
    /// caller's thread.
    static func within(_ ids: [UInt64], _ body: () -> Void) {
        let domains = Domains(ids)
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(domains).toOpaque())
        body()
        pthread_setspecific(key, previous)
        withExtendedLifetime(domains) {}
    }
}
