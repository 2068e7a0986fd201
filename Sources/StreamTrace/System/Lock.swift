#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The library's one mutual-exclusion lock: `os_unfair_lock` on Apple platforms, a `pthread_mutex_t` elsewhere,
/// called directly. Not `NSLock`: the recording path is faster without Foundation's class-method calls, and the
/// `streamtrace` command need not link Foundation and its ICU data. Not `Synchronization.Mutex`: it needs macOS 15 /
/// iOS 18, and ThreadSanitizer reports false races on it, while it understands both primitives used here.
@usableFromInline
package final class Lock: @unchecked Sendable {
    #if canImport(Darwin)
    @usableFromInline let mutex: UnsafeMutablePointer<os_unfair_lock>
    #else
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    @inlinable
    package init() {
        mutex = .allocate(capacity: 1)
        #if canImport(Darwin)
        mutex.initialize(to: os_unfair_lock())
        #else
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        #endif
    }

    deinit {
        #if !canImport(Darwin)
        pthread_mutex_destroy(mutex)
        #endif
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    @inlinable
    package func lock() {
        #if canImport(Darwin)
        os_unfair_lock_lock(mutex)
        #else
        pthread_mutex_lock(mutex)
        #endif
    }

    @inlinable
    package func unlock() {
        #if canImport(Darwin)
        os_unfair_lock_unlock(mutex)
        #else
        pthread_mutex_unlock(mutex)
        #endif
    }

    @inlinable
    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
