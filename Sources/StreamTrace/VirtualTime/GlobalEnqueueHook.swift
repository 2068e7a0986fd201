/// The Swift runtime's `swift_task_enqueueGlobal_hook`: when set, it receives every job bound for the global
/// concurrent executor (a task that starts or resumes off any actor, or a default actor that has work) instead of that
/// executor. Jobs for the main actor or for custom executors do not pass through it. The runtime has exported it since
/// Swift 5.5, on Darwin as on Linux; it is found with `dlsym`, and where it cannot be, ``slot`` is `nil` and virtual
/// time falls back to letting other tasks run.
enum GlobalEnqueueHook {
    typealias Original = @convention(thin) (UnownedJob) -> Void
    typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    nonisolated(unsafe) static let slot = SystemCall.symbol("swift_task_enqueueGlobal_hook")?.assumingMemoryBound(
        to: Hook?.self)

    nonisolated(unsafe) static let tracking: Hook = { job, original in
        TaskTracker.shared.enqueue(job, original: original)
    }

    /// Sets ``tracking`` and returns the hook it replaces (which gets untracked jobs); `nil` if there is no slot.
    static func install() -> Hook?? {
        guard let slot else { return nil }
        let previous = slot.pointee
        slot.pointee = tracking
        return .some(previous)
    }

    /// Puts `previous` back, unless someone else's hook has replaced ``tracking`` since.
    static func uninstall(restoring previous: Hook?) {
        guard let slot, let hook = slot.pointee,
            unsafeBitCast(hook, to: Int.self) == unsafeBitCast(tracking, to: Int.self)
        else { return }
        slot.pointee = previous
    }
}
