#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A thread of its own (a POSIX thread, 8 MiB of stack, as the main thread
/// has) running one closure, for work that blocks (``ReadAhead`` reading a
/// file, the CLI's ordered workers): not a task of the cooperative pool or
/// a Dispatch queue, whose few threads a blocked worker would hold up. The
/// caller joins it once.
package struct WorkerThread {
    private let thread: pthread_t

    /// Starts `body` on a new thread; `nil` if the system has no thread to give.
    package static func start(_ body: @escaping () -> Void) -> WorkerThread? {
        final class Box {
            let body: () -> Void
            init(_ body: @escaping () -> Void) { self.body = body }
        }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, 8 << 20)
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let status = pthread_create(
            &thread, &attributes,
            { context in
                Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().body()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<Box>.fromOpaque(context).release()
            return nil
        }
        #if canImport(Darwin)
        return WorkerThread(thread: thread!)
        #else
        return WorkerThread(thread: thread)
        #endif
    }

    package func join() {
        pthread_join(thread, nil)
    }
}
