#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The CPU time a thread has used, read from another thread: how the clock's watchdog tells a job that blocks its
/// thread from a busy one (``ScheduleStall``).
enum ThreadCPUTime {
    /// The CPU time `thread` has used so far; `nil` where it cannot be read.
    static func of(_ thread: pthread_t) -> Duration? {
        #if canImport(Darwin)
        let port = pthread_mach_thread_np(thread)
        var info = thread_basic_info()
        var count = mach_msg_type_number_t(MemoryLayout<thread_basic_info>.size / MemoryLayout<natural_t>.size)
        let result = withUnsafeMutablePointer(to: &info) { pointer in
            pointer.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
                thread_info(port, thread_flavor_t(THREAD_BASIC_INFO), $0, &count)
            }
        }
        guard result == KERN_SUCCESS else { return nil }
        let seconds = Int64(info.user_time.seconds) + Int64(info.system_time.seconds)
        let microseconds = Int64(info.user_time.microseconds) + Int64(info.system_time.microseconds)
        return .seconds(seconds) + .microseconds(microseconds)
        #elseif canImport(Glibc) || canImport(Musl)
        var clock = clockid_t()
        guard pthread_getcpuclockid(thread, &clock) == 0 else { return nil }
        var time = timespec()
        guard clock_gettime(clock, &time) == 0 else { return nil }
        return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
        #else
        return nil
        #endif
    }
}
