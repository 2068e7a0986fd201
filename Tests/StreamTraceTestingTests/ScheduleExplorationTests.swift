#if os(macOS) || os(Linux)
import Foundation
import StreamTrace
import StreamTraceTesting
import Testing

/// `.exploringSchedules`: a race that the default schedule never loses is
/// found by the seeded ones, the failure names its seed and the line that
/// reruns it, and the rerun fails the same way with the same trace bytes.
/// The failing tests run in child processes of this test binary.
@Suite struct ScheduleExplorationTests {
    static let role = ProcessInfo.processInfo.environment["STREAMTRACE_CHILD"]

    /// The race, explored: fails (in a child process only).
    @Test(.exploringSchedules(100), .enabled(if: role == "racy-search"))
    func theRacySearchShowsTheNewestResults() async throws {
        let clock = TestClock()
        let search = SearchScreen(clock: clock)
        let recorder = search.results.record(name: "results", clock: clock)
        search.type("sw", latency: .milliseconds(300))
        await clock.advance(by: .milliseconds(100))
        search.type("swift", latency: .milliseconds(200))
        await clock.advance(by: .seconds(1))
        #expect(search.shown == "swift results")
        _ = recorder
    }

    /// The fix: a cancelled search shows nothing. Every schedule passes
    /// (the example of `ScheduleExplorationTrait`).
    @Test(.exploringSchedules(100)) func theNewestResultsWin() async throws {
        let clock = TestClock()  // in order, then seeds 0..<100
        let search = SearchScreen(clock: clock, checksCancellation: true)
        search.type("sw", latency: .milliseconds(300))
        await clock.advance(by: .milliseconds(100))
        search.type("swift", latency: .milliseconds(200))  // both answered at 300 ms
        await clock.advance(by: .seconds(1))
        #expect(search.shown == "swift results")
    }

    @Test func theDefaultScheduleShowsTheNewestResultsInEveryRun() async throws {
        for run in 1...1_000 {
            let search = await SearchScreen.run(on: TestClock())
            #expect(search.shown == "swift results", "run \(run)")
            if search.shown != "swift results" { break }
        }
    }

    /// The first seed of `base..<base + 100` under which the race is lost.
    static func firstLosingSeed(from base: UInt64) async -> UInt64? {
        for seed in base..<base + 100 {
            let search = await SearchScreen.run(on: TestClock(schedule: .random(seed: seed)))
            if search.shown != "swift results" { return seed }
        }
        return nil
    }

    @Test func theRaceIsLostUnderOneOfTheFirstHundredSeeds() async {
        #expect(await Self.firstLosingSeed(from: 0) != nil)
    }

    @Test func fromTwentyRandomBaseSeedsTheRaceIsFoundWithinAHundredSchedulesInAtLeastNineteen() async {
        var found = 0
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20
        where await Self.firstLosingSeed(from: UInt64.random(in: 0...UInt64.max / 2, using: &generator)) != nil {
            found += 1
        }
        #expect(found >= 19)
    }

    @Test func theFailureNamesItsSeedAndItsRerunFailsTheSameWayWithTheSameTrace() async throws {
        let first = try temporaryDirectory()
        let explored = try await runChild("racy-search", attachments: first)
        #expect(explored.status != 0, "the child test fails: \(explored.output)")
        let seed = try #require(Self.seed(in: explored.output), "\(explored.output)")
        let filter = "StreamTraceTestingTests.ScheduleExplorationTests/theRacySearchShowsTheNewestResults"
        let position = Int(seed) + 2  // the default schedule, then seeds 0, 1…
        let suffix = ["th", "st", "nd", "rd"][position % 10 < 4 && position % 100 / 10 != 1 ? position % 10 : 0]
        let ordinal = "\(position)\(suffix)"
        #expect(
            explored.output.contains(
                "under schedule random(seed: \(seed)), the \(ordinal) of 101 (in order, then seeds 0..<100); "
                    + "rerun it alone: STREAMTRACE_SCHEDULE=\(seed) swift test --filter '\(filter)'"),
            "\(explored.output)")
        #expect(!explored.output.contains("under schedule in order"), "one schedule failed: \(explored.output)")
        let trace = try String(contentsOfFile: first + "/results-seed\(seed).jsonl", encoding: .utf8)
        #expect(trace.hasPrefix(#"{"streamtrace":1,"stream":"results","clock":"virtual","at":0,"seed":\#(seed)}"#))
        #expect(try Trace(reader: TraceReader(bytes: Array(trace.utf8))).elements == ["swift results", "sw results"])

        let second = try temporaryDirectory()
        let rerun = try await runChild("racy-search", attachments: second, schedule: "\(seed)")
        #expect(rerun.status != 0, "the rerun fails too: \(rerun.output)")
        #expect(
            rerun.output.contains(
                "under schedule random(seed: \(seed)); rerun it alone: STREAMTRACE_SCHEDULE=\(seed) swift test --filter '\(filter)'"
            ), "\(rerun.output)")
        #expect(try String(contentsOfFile: second + "/results-seed\(seed).jsonl", encoding: .utf8) == trace)
    }

    @Test func aScheduleVariableThatIsNoSeedIsAClearFailure() async throws {
        let child = try await runChild("racy-search", attachments: try temporaryDirectory(), schedule: "seven")
        #expect(child.status != 0)
        #expect(
            child.output.contains(
                "STREAMTRACE_SCHEDULE=seven: expected a seed (an integer from 0 to 18446744073709551615) or in-order, "
                    + "the schedule to rerun"), "\(child.output)")
    }

    /// `7` in `… STREAMTRACE_SCHEDULE=7 swift test …`.
    static func seed(in output: String) -> UInt64? {
        guard let range = output.range(of: "STREAMTRACE_SCHEDULE=") else { return nil }
        return UInt64(output[range.upperBound...].prefix { $0.isNumber })
    }

    /// Runs `theRacySearchShowsTheNewestResults` in a child process of this test binary.
    func runChild(_ role: String, attachments: String, schedule: String? = nil) async throws -> (
        status: Int32, output: String
    ) {
        try await runThisTestBinary(
            [
                "--testing-library", "swift-testing", "--filter",
                "ScheduleExplorationTests/theRacySearchShowsTheNewestResults", "--attachments-path", attachments,
            ], environment: ["STREAMTRACE_CHILD": role, "STREAMTRACE_SCHEDULE": schedule])
    }
}
#endif
