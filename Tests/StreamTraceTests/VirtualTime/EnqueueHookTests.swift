// Runs this test binary again as a child process: macOS and Linux only.
#if os(macOS) || os(Linux)
#if canImport(Combine)
import Combine
#elseif OpenCombine
import OpenCombine
#endif
import Foundation
import StreamTrace
import Testing

/// The Swift runtime's global enqueue hook (`swift_task_enqueueGlobal_hook`)
/// is StreamTrace's only while a `TestClock` or `TestScheduler` is in use.
/// The test process creates clocks in parallel tests, so the claim is checked
/// in a child process of this test binary that runs ``probe()`` alone: it
/// uses the library without a virtual clock — recording, waiting, writing
/// and reading traces — and the hook stays as it was; then a clock installs
/// it and releasing the clock puts the old value back.
@Suite struct EnqueueHookTests {
    static let isProbe = ProcessInfo.processInfo.environment["STREAMTRACE_CHILD"] == "enqueue-hook-probe"

    /// The runtime's variable, read directly (not through the library).
    static func hook() -> UnsafeRawPointer? {
        guard let handle = dlopen(nil, RTLD_NOW), let slot = dlsym(handle, "swift_task_enqueueGlobal_hook") else {
            Issue.record("the runtime exports no swift_task_enqueueGlobal_hook")
            return nil
        }
        return slot.assumingMemoryBound(to: UnsafeRawPointer?.self).pointee
    }

    @Test(.enabled(if: isProbe)) func probe() async throws {
        let untouched = Self.hook()
        #expect(untouched == nil, "no one in this process set the hook before")

        let recorder = AsyncStream(scripted: [1, 2, 3]).record(name: "numbers")
        #expect(try await recorder.elements.value(timeout: .seconds(60)) == [1, 2, 3])
        let folder = try temporaryDirectory()
        let traces = try TraceDirectory(path: folder, clock: ContinuousClock())
        let written = AsyncStream(scripted: ["a", "b"]).record(
            name: "letters", clock: traces.clock, sink: try traces.sink(named: "letters"))
        try await written.finished.value(timeout: .seconds(60))
        #expect(try Trace(contentsOf: folder + "/letters.jsonl").elements == ["a", "b"])
        #if canImport(Combine) || OpenCombine
        #expect(try [4, 5].publisher.record().elements.get() == [4, 5])
        #endif
        #expect(Self.hook() == untouched, "recording, waiting and traces leave the hook alone")
        print("enqueue hook: untouched without a virtual clock")

        var clock: TestClock? = TestClock()
        #expect(Self.hook() != nil, "a TestClock installs the hook")
        await clock?.advance(by: .seconds(1))
        clock = nil
        #expect(Self.hook() == untouched, "releasing the last clock restores the hook")
        print("enqueue hook: set while a TestClock lives, restored after")

        #if canImport(Combine) || OpenCombine
        var scheduler: TestScheduler? = TestScheduler()
        #expect(Self.hook() != nil, "a TestScheduler installs the hook")
        scheduler?.advance(by: 1)
        scheduler = nil
        #expect(Self.hook() == untouched, "releasing the scheduler restores the hook")
        print("enqueue hook: set while a TestScheduler lives, restored after")
        #endif
    }

    @Test func aProcessThatNeverCreatesAVirtualClockKeepsTheHookUntouched() async throws {
        let child = try await CommandRunner.run(
            ["--testing-library", "swift-testing", "--filter", "EnqueueHookTests/probe"],
            environment: ["STREAMTRACE_CHILD": "enqueue-hook-probe"], executable: CommandLine.arguments[0])
        #expect(child.status == 0, "\(child)")
        #expect(child.stdout.contains("enqueue hook: untouched without a virtual clock"), "\(child)")
        #expect(child.stdout.contains("enqueue hook: set while a TestClock lives, restored after"), "\(child)")
        #if canImport(Combine) || OpenCombine
        #expect(child.stdout.contains("enqueue hook: set while a TestScheduler lives, restored after"), "\(child)")
        #endif
        #expect(child.stderr.contains("Test run with 1 test "), "the probe ran, alone: \(child)")
    }
}
#endif
