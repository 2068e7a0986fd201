#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A thread of its own (a POSIX thread), for work that blocks, such as
/// reading a file ahead (``ReadAhead``): not a task of the cooperative pool
/// or a Dispatch queue, whose few threads a blocked reader would hold up.
/// The caller joins it exactly once.
final class JoinableThread {
    #if canImport(Darwin)
    private var thread: pthread_t?
    #else
    private var thread = pthread_t()
    #endif
    private var joined = false

    /// Starts `body` with `argument` (an unmanaged object the body takes);
    /// `nil` if no thread can be made (`body` is not called then).
    init?(_ argument: UnsafeMutableRawPointer, _ body: @convention(c) (UnsafeMutableRawPointer) -> Void) {
        let start = UnsafeMutablePointer<Start>.allocate(capacity: 1)
        start.initialize(to: Start(body: body, argument: argument))
        let result = pthread_create(
            &thread, nil,
            { raw in
                let start = (raw as UnsafeMutableRawPointer?)!.assumingMemoryBound(to: Start.self)
                let (body, argument) = (start.pointee.body, start.pointee.argument)
                start.deinitialize(count: 1)
                start.deallocate()
                body(argument)
                return nil
            }, start)
        guard result == 0 else {
            start.deinitialize(count: 1)
            start.deallocate()
            return nil
        }
    }

    /// Waits for the thread to end.
    func join() {
        guard !joined else { return }
        joined = true
        #if canImport(Darwin)
        if let thread { pthread_join(thread, nil) }
        #else
        pthread_join(thread, nil)
        #endif
    }

    private struct Start {
        var body: @convention(c) (UnsafeMutableRawPointer) -> Void
        var argument: UnsafeMutableRawPointer
    }
}
