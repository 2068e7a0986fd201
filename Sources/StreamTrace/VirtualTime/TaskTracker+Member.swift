#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension TaskTracker {
    /// A job as a clock's domain knows it.
    ///
    /// A task is known by its ID, a 64-bit count that the runtime never
    /// hands out twice (`swift_task_getJobTaskId`): the runtime reuses a
    /// task's memory as soon as the task ends, and a task keyed by its
    /// address passed its membership on to whatever task took its place. A
    /// job that is not a task (a default actor's, which has no ID) is known
    /// by its address, which is the actor's while the actor lives. Where the
    /// runtime's function cannot be found, every job is known by its address.
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

        typealias ReadTaskID = @convention(thin) (UnsafeRawPointer) -> UInt64

        /// The runtime's function, found once (``TaskTracker/makeDomain()``
        /// looks it up before the hook is installed).
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
