#if compiler(>=6.2)
import StreamTrace
import StreamTraceTestSupport
import Testing

/// Runs a test under many schedules of its virtual clocks, to find the orders of same-instant events that a race
/// depends on.
///
/// The test runs under the default schedule first (`TestClock.Schedule.inOrder`), then under `count` seeded ones
/// (`TestClock.Schedule.random(seed:)`, seeds `baseSeed`, `baseSeed + 1`…): every `TestClock` and `TestScheduler` the
/// test creates without a schedule takes the run's. It stops at the first schedule under which the test fails — an
/// `#expect` or `#require` that fails, an error thrown, a stall of the clock's tasks — and that failure says which
/// schedule it was and the line that reruns it alone (`STREAMTRACE_SCHEDULE=7 swift test --filter '…'`); the traces of
/// the recorders on those clocks are attached, named after their streams and the seed. A rerun with the seed fails the
/// same way with the same trace bytes. Tests that run in parallel keep their own clocks' orders.
///
/// ```swift
/// @Test(.exploringSchedules(100)) func theNewestResultsWin() async throws {
///     let clock = TestClock()  // in order, then seeds 0..<100
///     let search = SearchScreen(clock: clock, checksCancellation: true)
///     search.type("sw", latency: .milliseconds(300))
///     await clock.advance(by: .milliseconds(100))
///     search.type("swift", latency: .milliseconds(200))  // both answered at 300 ms
///     await clock.advance(by: .seconds(1))
///     #expect(search.shown == "swift results")
/// }
/// ```
///
/// On a suite it applies to each of its tests.
public struct ScheduleExplorationTrait: TestTrait, SuiteTrait, TestScoping {
    /// How many seeded schedules to run after the default one.
    let count: Int
    let baseSeed: UInt64

    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // Each case (a parameterized test has one per argument) is explored on its own, not the test around them.
        guard testCase != nil else { return try await function() }
        let exploration: ScheduleExploration
        do {
            exploration = try ScheduleExploration(count: count, baseSeed: baseSeed, filter: Self.filter(test))
        } catch {
            Issue.record(Comment(rawValue: error.message), sourceLocation: test.sourceLocation)
            return
        }
        for (index, schedule) in exploration.schedules.enumerated() {
            let note = exploration.note(for: schedule, index: index)
            // A failure recorded under the schedule says which it was.
            let (failed, stop) = (LatchedFlag(), LatchedFlag())
            let annotate = IssueHandlingTrait.compactMapIssues { issue in
                guard issue.isFailure else { return issue }
                failed.set()
                var issue = issue
                issue.comments.append(Comment(rawValue: note))
                return issue
            }
            try await annotate.provideScope(for: test, testCase: testCase) {
                if try await Self.run(function, under: schedule, note: note, failed: failed, test: test) { stop.set() }
            }
            if stop.isSet { return }
        }
    }

    /// Runs the test once under `schedule`; whether it failed (after reporting what it left). Rethrows its error.
    private static func run(
        _ function: @Sendable () async throws -> Void, under schedule: TestClock.Schedule, note: String,
        failed flag: LatchedFlag, test: Test
    ) async throws -> Bool {
        let run = ScheduleRun(schedule: schedule)
        var thrown: (any Error)?
        do {
            try await ScheduleRun.$current.withValue(run) { try await function() }
        } catch {
            thrown = error
        }
        for stall in run.stalls {
            Issue.record(Comment(rawValue: stall.description), sourceLocation: test.sourceLocation)
        }
        let failed = flag.isSet
        guard failed || thrown != nil else { return false }
        for trace in ScheduleExploration.attachments(of: run) {
            Attachment.record(Array(trace.text.utf8), named: trace.fileName, sourceLocation: test.sourceLocation)
        }
        if let thrown {
            // The framework records the error itself, outside this scope: say the schedule beside it.
            #if compiler(>=6.3)
            if !failed { Issue.record(Comment(rawValue: "the error below was thrown " + note), severity: .warning) }
            #endif
            throw thrown
        }
        return true
    }

    /// The test as `swift test --filter` takes it: `Module.Suite/test`.
    static func filter(_ test: Test) -> String {
        let components = test.id.nameComponents.map { component in
            component.firstIndex(of: "(").map { String(component[..<$0]) } ?? component
        }
        return ([test.id.moduleName] + [components.dropLast().joined(separator: ".")]).filter { !$0.isEmpty }
            .joined(separator: ".") + "/" + (components.last ?? test.name)
    }
}

extension Trait where Self == ScheduleExplorationTrait {
    /// Runs the test under the default schedule, then under `count` seeded ones from `baseSeed` (see
    /// ``ScheduleExplorationTrait``).
    public static func exploringSchedules(_ count: Int = 100, baseSeed: UInt64 = 0) -> Self {
        ScheduleExplorationTrait(count: count, baseSeed: baseSeed)
    }
}
#endif
