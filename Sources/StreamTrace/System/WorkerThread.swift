#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A POSIX thread of its own (8 MiB of stack, like the main thread's) running one closure, for work that blocks: a
/// blocked task would hold up one of the few threads of the cooperative pool or of Dispatch. Join it exactly once.
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
