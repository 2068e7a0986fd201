#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension TaskTracker {
    /// A job as a clock's domain knows it. A task is known by its ID (`swift_task_getJobTaskId`), which the runtime
    /// never hands out twice: it reuses a task's memory as soon as the task ends, so an address would pass membership
    /// on to whatever took its place. A job that is no task (an actor's, a continuation's) is known by its address and
    /// never becomes a member (``isKnownForGood``). Where the runtime's function cannot be found, every job is known by
    /// its address and kept as a member all the same.
    struct Member: Hashable {
        private let taskID: UInt64
        private let address: UInt

        init(job: UnsafeRawPointer) {
            if let read = Self.readTaskID, case let id = read(job), id != 0 {
                taskID = id
                address = 0
            } else {
                taskID = 0
                address = UInt(bitPattern: job)
            }
        }

        /// The task's ID, or `nil` for a job that is not a task.
        var task: UInt64? { taskID == 0 ? nil : taskID }

        /// Whether it names one job for as long as the domain lives: a task's ID, or any job where IDs cannot be read.
        var isKnownForGood: Bool { taskID != 0 || Self.readTaskID == nil }

        typealias ReadTaskID = @convention(thin) (UnsafeRawPointer) -> UInt64

        /// The runtime's function, found once (``TaskTracker`` looks it up before installing the hook).
        static let readTaskID: ReadTaskID? = {
            #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
            guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "swift_task_getJobTaskId") else {
                return nil
            }
            return unsafeBitCast(symbol, to: ReadTaskID.self)
            #else
            return nil
            #endif
        }()
    }
}
