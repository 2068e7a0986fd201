import Foundation
import StreamTrace
import Testing

/// A job of a clock's tasks that blocks its thread until another of them has
/// run would wait forever, the clock running them one at a time: the
/// watchdog lets the others run beside it, and the next advance fails the
/// test (through StreamTraceTesting, which this target links) with a
/// message that names the job — never a hang.
@Suite struct ScheduleStallTests {
    @Test func aJobThatBlocksUntilAnotherHasRunFailsTheTestInsteadOfHanging() async throws {
        let started = ContinuousClock.now
        let blockerID = LockedID()
        let issues = await recordedIssues {
            let clock = TestClock()
            let semaphore = DispatchSemaphore(value: 0)
            let blocker = Task {
                blockerID.set(withUnsafeCurrentTask { $0.map { taskID(of: $0) } } ?? nil)
                semaphore.wait()  // until `signaller` has run: after it, one job at a time
            }
            let signaller = Task { _ = semaphore.signal() }
            await clock.advance()
            await blocker.value
            await signaller.value
        }
        let elapsed = ContinuousClock.now - started
        #expect(elapsed < .seconds(30), "the watchdog ends the wait (2 s), not a hang")
        #expect(issues.count == 1, "\(issues)")
        let id = try #require(blockerID.value)
        let prefix = "TestClock: the job of task \(id) blocked its thread for "
        #expect(issues.first?.message.hasPrefix(prefix) == true, "\(issues)")
        // The watchdog's 2 s, or more when the machine is loaded and it wakes late (3.3s seen at a load of 20).
        let blocked = issues.first?.message.dropFirst(prefix.count).prefix { $0 != " " }
        #expect(
            blocked.flatMap { $0.hasSuffix("ms") ? nil : Double($0.dropLast()) }.map { $0 >= 2 } == true, "\(issues)")
        #expect(
            issues.first?.message.hasSuffix(
                "while 2 other jobs of the clock's tasks waited to run. The clock runs its tasks' jobs one at a "
                    + "time, so a job that blocks until another has run (a semaphore, a lock, a blocking wait) "
                    + "never returns: await instead. The waiting jobs run beside it from now on, in an order "
                    + "that is no longer the clock's.") == true, "\(issues)")
    }
}

/// A task ID, set from inside the task.
private final class LockedID: @unchecked Sendable {
    private let lock = NSLock()
    private var id: UInt64?
    var value: UInt64? { lock.withLock { id } }
    func set(_ id: UInt64?) { lock.withLock { self.id = id } }
}

/// The runtime's ID of `task` (`swift_task_getJobTaskId`), as the clock's
/// messages name it.
private func taskID(of task: UnsafeCurrentTask) -> UInt64? {
    typealias ReadTaskID = @convention(thin) (UnsafeRawPointer) -> UInt64
    guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "swift_task_getJobTaskId") else { return nil }
    return unsafeBitCast(symbol, to: ReadTaskID.self)(unsafeBitCast(task, to: UnsafeRawPointer.self))
}
