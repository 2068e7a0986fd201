#if os(macOS) || os(Linux)
import Foundation
import StreamTrace
import StreamTraceXCTest
import XCTest

/// `exploreSchedules` in XCTest: the default schedule, then seeded ones,
/// until one fails; the failure names the schedule and the line that reruns
/// it. The failing test runs in a child process of this test binary.
final class ExploreSchedulesTests: FailureCapturingTestCase {
    static let role = ProcessInfo.processInfo.environment["STREAMTRACE_CHILD"]

    /// Two tasks that wake at one instant and write down who came first:
    /// "a" in order (it slept first), either under a seed.
    func firstToWake(on clock: TestClock) async -> String? {
        let first = Locked<String?>(nil)
        let tasks = ["a", "b"].map { name in
            Task {
                try? await clock.sleep(until: .init(offset: .seconds(1)))
                first.update { $0 = $0 ?? name }
            }
        }
        await clock.advance(by: .seconds(1))
        for task in tasks { await task.value }
        return first.value
    }

    /// Fails under some seed (in the child process only).
    func testAFirstComeRaceExplored() async throws {
        guard Self.role == "xctest-first-to-wake" else { return }
        try await exploreSchedules(100) {
            let clock = TestClock()
            let first = await firstToWake(on: clock)
            XCTAssertEqual(first, "a")
        }
    }

    /// The example of `exploreSchedules`.
    func testTheNewestResultsWin() async throws {
        try await exploreSchedules(100) {
            let clock = TestClock()  // in order, then seeds 0..<100
            let search = SearchScreen(clock: clock, checksCancellation: true)
            search.type("sw", latency: .milliseconds(300))
            await clock.advance(by: .milliseconds(100))
            search.type("swift", latency: .milliseconds(200))  // both answered at 300 ms
            await clock.advance(by: .seconds(1))
            XCTAssertEqual(search.shown, "swift results")
        }
    }

    func testAProgramWithoutARacePassesEverySchedule() async throws {
        let runs = Locked(0)
        try await exploreSchedules(100) {
            let clock = TestClock()
            runs.update { $0 += 1 }
            let woken = await firstToWake(on: clock)
            XCTAssertNotNil(woken)
        }
        XCTAssertEqual(runs.value, 101, "the default schedule, then seeds 0..<100")
    }

    func testAThrownErrorIsRecordedWithItsSchedule() async throws {
        struct Lost: Error {}
        let failures = await expectFailures {
            try await exploreSchedules(3, baseSeed: 40) { throw Lost() }
        }
        let filter = "StreamTraceXCTestTests.ExploreSchedulesTests/testAThrownErrorIsRecordedWithItsSchedule"
        XCTAssertEqual(
            failures.map(\.message),
            [
                "failed - exploreSchedules: the test threw Lost() under schedule in order, the 1st of 4 (in order, then "
                    + "seeds 40..<43); rerun it alone: STREAMTRACE_SCHEDULE=in-order swift test --filter '\(filter)'"
            ])
    }

    /// A job that blocks until another of the clock's jobs has run: the
    /// watchdog ends the wait, and the next advance fails the test through
    /// StreamTraceXCTest (which registered its reporter when it loaded).
    func testABlockedJobFailsTheTestAtTheNextAdvanceInsteadOfHanging() async {
        let failures = await expectFailures {
            let clock = TestClock()
            let semaphore = DispatchSemaphore(value: 0)
            let blocker = Task { semaphore.wait() }
            let signaller = Task { _ = semaphore.signal() }
            await clock.advance()
            await blocker.value
            await signaller.value
        }
        XCTAssertEqual(failures.count, 1, "\(failures)")
        // The watchdog's 2 s, or more when the machine is loaded and it wakes late.
        let blocked = failures.first?.message.components(separatedBy: "blocked its thread for ").dropFirst().first?
            .prefix { $0 != " " }
        XCTAssertTrue(
            blocked.flatMap { $0.hasSuffix("ms") ? nil : Double($0.dropLast()) }.map { $0 >= 2 } == true, "\(failures)")
        XCTAssertTrue(failures.first?.file.hasSuffix("ExploreSchedulesTests.swift") == true, "\(failures)")
    }

    func testTheFailureNamesItsScheduleAndTheRerunFailsTheSameWay() throws {
        let explored = try runChild()
        XCTAssertNotEqual(explored.status, 0, explored.output)
        let filter = "StreamTraceXCTestTests.ExploreSchedulesTests/testAFirstComeRaceExplored"
        let line = try XCTUnwrap(
            explored.output.split(separator: "\n").first { $0.contains("exploreSchedules: the test failed (above)") },
            explored.output)
        XCTAssertTrue(line.contains("under schedule random(seed: "), explored.output)
        let seed = try XCTUnwrap(
            line.split(separator: "STREAMTRACE_SCHEDULE=").last.flatMap { UInt64($0.prefix { $0.isNumber }) })
        XCTAssertTrue(
            line.hasSuffix("rerun it alone: STREAMTRACE_SCHEDULE=\(seed) swift test --filter '\(filter)'"), String(line)
        )
        let rerun = try runChild(schedule: "\(seed)")
        XCTAssertNotEqual(rerun.status, 0, rerun.output)
        XCTAssertTrue(
            rerun.output.contains(
                "exploreSchedules: the test failed (above) under schedule random(seed: \(seed)); rerun it alone: "
                    + "STREAMTRACE_SCHEDULE=\(seed) swift test --filter '\(filter)'"), rerun.output)
    }

    private func runChild(schedule: String? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["StreamTraceXCTestTests.ExploreSchedulesTests/testAFirstComeRaceExplored"]
        var environment = ProcessInfo.processInfo.environment
        environment["STREAMTRACE_CHILD"] = "xctest-first-to-wake"
        environment["STREAMTRACE_SCHEDULE"] = schedule
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// A value behind a lock.
private final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func update(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}
#endif
