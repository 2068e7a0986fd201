#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The domains of the tracked job running on the current thread, so that what it enqueues (a task it starts or
/// resumes, or one that an actor job runs) joins them too.
enum TrackedJob {
    /// The thread's slot: its running job's domains, `nil` between jobs.
    private typealias Slot = UnsafeMutablePointer<[UInt64]?>

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
        pthread_key_create(&key) { release($0) }
        #else
        pthread_key_create(&key) { $0.map(release) }
        #endif
        return key
    }()

    /// Frees a thread's slot when the thread ends.
    private static func release(_ pointer: UnsafeMutableRawPointer) {
        let slot = pointer.assumingMemoryBound(to: [UInt64]?.self)
        slot.deinitialize(count: 1)
        slot.deallocate()
    }

    /// This thread's slot, made at its first tracked job.
    private static var slot: Slot {
        if let pointer = pthread_getspecific(key) { return pointer.assumingMemoryBound(to: [UInt64]?.self) }
        let slot = Slot.allocate(capacity: 1)
        slot.initialize(to: nil)
        pthread_setspecific(key, slot)
        return slot
    }

    /// The domains of the job this thread is running, if it is a tracked one.
    static var current: [UInt64]? {
        pthread_getspecific(key)?.assumingMemoryBound(to: [UInt64]?.self).pointee
    }

    /// Runs `body` with `ids` as the thread's ``current``: a job, or a clock's scheduled actions, which its synchronous
    /// advance runs on the caller's thread.
    static func within(_ ids: [UInt64], _ body: () -> Void) {
        let slot = slot
        let previous = slot.pointee
        slot.pointee = ids
        body()
        slot.pointee = previous
    }
}
