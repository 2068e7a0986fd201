import StreamTrace
import StreamTraceTestSupport
import XCTest

extension XCTestCase {
    /// Runs `body` under many schedules of its virtual clocks, to find the orders of same-instant events that a race
    /// depends on: the default schedule first (`TestClock.Schedule.inOrder`), then `count` seeded ones (seeds
    /// `baseSeed`, `baseSeed + 1`…). Every `TestClock` and `TestScheduler` that `body` creates without a schedule takes
    /// the run's.
    ///
    /// ```swift
    /// func testTheNewestResultsWin() async throws {
    ///     try await exploreSchedules(100) {
    ///         let clock = TestClock()  // in order, then seeds 0..<100
    ///         let search = SearchScreen(clock: clock, checksCancellation: true)
    ///         search.type("sw", latency: .milliseconds(300))
    ///         await clock.advance(by: .milliseconds(100))
    ///         search.type("swift", latency: .milliseconds(200))  // both answered at 300 ms
    ///         await clock.advance(by: .seconds(1))
    ///         XCTAssertEqual(search.shown, "swift results")
    ///     }
    /// }
    /// ```
    ///
    /// It stops at the first schedule under which `body` fails — an assertion that fails, an error thrown, a stall of
    /// the clock's tasks — and records one more failure, at the caller's line, that says which schedule it was and the
    /// line that reruns it alone (`STREAMTRACE_SCHEDULE=7 swift test --filter '…'`); on Apple platforms the traces of
    /// the recorders on those clocks are attached. An error `body` throws is recorded so, not rethrown; an `XCTSkip` is
    /// rethrown.
    public func exploreSchedules(
        _ count: Int = 100, baseSeed: UInt64 = 0, file: StaticString = #filePath, line: UInt = #line,
        _ body: () async throws -> Void
    ) async throws {
        // The test as `swift test --filter` takes it, `Module.Class/testMethod`, from its name: `-[Class testMethod]` on
        // Apple platforms, `Class.testMethod` elsewhere.
        let method = name.split(whereSeparator: { " .[]".contains($0) }).last.map(String.init) ?? name
        let filter = String(reflecting: type(of: self)) + "/" + method
        let exploration: ScheduleExploration
        do {
            exploration = try ScheduleExploration(count: count, baseSeed: baseSeed, filter: filter)
        } catch {
            return error.record(file: file, line: line)
        }
        for (index, schedule) in exploration.schedules.enumerated() {
            let run = ScheduleRun(schedule: schedule)
            let failuresBefore = testRun?.totalFailureCount ?? 0
            var message: String?
            do {
                try await ScheduleRun.$current.withValue(run) { try await body() }
            } catch let skip as XCTSkip {
                throw skip
            } catch {
                message = "threw \(error)"
            }
            let stalls = run.stalls.map(\.description)
            if message == nil, !stalls.isEmpty { message = stalls.joined(separator: "\n") }
            if message == nil, (testRun?.totalFailureCount ?? 0) > failuresBefore { message = "failed (above)" }
            guard let message else { continue }
            let note = exploration.note(for: schedule, index: index)
            TestFailure(
                "exploreSchedules: the test \(message) " + note, recordings: ScheduleExploration.attachments(of: run)
            ).record(file: file, line: line)
            return
        }
    }
}
