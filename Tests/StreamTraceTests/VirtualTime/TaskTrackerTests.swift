import Foundation
import StreamTrace
import Testing

/// A clock follows its own tasks, known by an identity the runtime does not
/// hand out again while the clock lives (not by address, which it reuses).
@Suite(.enabled(if: TaskTracker.shared.isAvailable, "the runtime's enqueue hook is not found here"))
struct TaskTrackerTests {
    /// 100,000 short-lived tasks of one clock start and end (10,000 under
    /// ThreadSanitizer, where the clock's one-at-a-time jobs take 20 times
    /// longer); then tasks that are not the clock's, started where none of
    /// its tasks runs, take the memory the clock's left behind: the clock
    /// follows none of them.
    @Test func aClockFollowsNoTaskAfterItEndedThoughTheRuntimeReusesItsMemory() async throws {
        let tracker = TaskTracker.shared
        let core = VirtualClockCore(now: .zero)  // this task is the clock's, and so is every task it starts
        let batches = SanitizedSeeds.underThreadSanitizer ? 5 : 100
        for _ in 0..<batches {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<1000 { group.addTask {} }
            }
        }
        for _ in 0..<1000 { await Task {}.value }
        let followed = tracker.activity(core.domain)
        #expect(followed >= UInt64(batches * 1_000 + 1_000), "the clock did not follow its own tasks")
        let domain = core.domain
        let (before, after) = try await onOwnThread { () -> (UInt64, UInt64) in
            let before = tracker.activity(domain)
            for _ in 0..<10_000 {
                // Started on Dispatch's threads, where the clock's tasks ran and ended, outside any of them.
                let done = DispatchSemaphore(value: 0)
                DispatchQueue.global().async { Task.detached { done.signal() } }
                done.wait()
            }
            return (before, tracker.activity(domain))
        }
        #expect(after == before, "the clock followed \(after - before) tasks that were never its own")
        withExtendedLifetime(core) {}
    }

    /// The task that created a clock runs off the clock's runner until it
    /// moves onto it; then it runs as one of the clock's jobs. In release
    /// builds the move was compiled away (an empty actor method), and tests
    /// exploring schedules hung: this fails there if it ever is again.
    @Test func aTaskMovedOntoItsClocksRunnerRunsAsOneOfItsJobs() async {
        let core = VirtualClockCore(now: .zero)  // created off the clock's runner, as a test creates its clock
        #expect(TaskTracker.runningDomains?.contains(core.domain) != true)
        await TaskTracker.shared.moveOntoRunner()
        #expect(TaskTracker.runningDomains?.contains(core.domain) == true)
        withExtendedLifetime(core) {}
    }
}
