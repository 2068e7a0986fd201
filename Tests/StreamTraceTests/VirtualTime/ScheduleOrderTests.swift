import Foundation
import StreamTrace
import Testing

/// A clock runs its tasks' jobs one at a time in an order that depends only
/// on the program (``TestClock/Schedule/inOrder``), or only on a seed
/// (``TestClock/Schedule/random(seed:)``). Each program of
/// ``OrderScenarios`` runs thousands of times in this process, each time on
/// a new clock, and the distinct traces are counted: one is the claim, and
/// any second one fails (never retried). Before the clock ran jobs one at a
/// time, a debug build gave 2, 6, 2 and 15 traces of 2,000.
@Suite struct ScheduleOrderTests {
    /// 2,000 (25 under ThreadSanitizer, where each run is 20 times slower
    /// and what is checked is the threads, not the count).
    static let runs = SanitizedSeeds.underThreadSanitizer ? 25 : 2_000
    /// How often each seed is replayed: 100 (12 under ThreadSanitizer).
    static let replays = SanitizedSeeds.underThreadSanitizer ? 12 : 100

    /// The traces of `runs` runs of `scenario`, with how many runs gave each.
    static func traces(
        of scenario: OrderScenarios.Scenario, runs: Int, schedule: TestClock.Schedule = .inOrder
    ) async throws -> [String: Int] {
        var traces: [String: Int] = [:]
        for _ in 0..<runs {
            traces[try await scenario.run(TestClock(schedule: schedule)), default: 0] += 1
        }
        return traces
    }

    @Test(arguments: OrderScenarios.all)
    func aProgramGivesOneTraceInEveryRun(_ scenario: OrderScenarios.Scenario) async throws {
        let traces = try await Self.traces(of: scenario, runs: Self.runs)
        #expect(
            traces.count == 1, "\(scenario): \(traces.count) traces in \(Self.runs) runs: \(traces.values.sorted())")
    }

    /// The same with a thread spinning beside the programs all along (one
    /// program after the other, so that the spinning takes one core of two).
    @Test func everyProgramGivesOneTraceWithACoreKeptBusy() async throws {
        let spinner = Spinner()
        defer { spinner.stop() }
        for scenario in OrderScenarios.all {
            let traces = try await Self.traces(of: scenario, runs: Self.runs)
            #expect(
                traces.count == 1, "\(scenario): \(traces.count) traces in \(Self.runs) runs: \(traces.values.sorted())"
            )
        }
    }

    /// Eight copies of a program side by side, as parallel tests run: each
    /// clock keeps its own order.
    @Test func programsRunSideBySideKeepTheirOwnOrder() async throws {
        let scenario = OrderScenarios.mergeOfThreeAtFrameZero
        let traces = try await withThrowingTaskGroup(of: [String: Int].self) { group in
            for _ in 0..<8 { group.addTask { try await Self.traces(of: scenario, runs: Self.runs / 8) } }
            return try await group.reduce(into: [String: Int]()) { $0.merge($1, uniquingKeysWith: +) }
        }
        #expect(traces.count == 1, "\(traces.count) traces: \(traces.values.sorted())")
    }

    /// A `@MainActor` test of `@MainActor` work: the main actor's jobs and
    /// the clock's other jobs (here, each task's hop to a nonisolated
    /// function) run on the main queue, one at a time, in the program's
    /// order.
    @MainActor @Test func mainActorTasksAtOneInstantKeepOneOrder() async throws {
        var orders: [[Int]: Int] = [:]
        for _ in 0..<Self.runs {
            let clock = TestClock()
            var woken: [Int] = []
            let tasks = (0..<4).map { index in
                Task {
                    try await clock.sleep(until: .init(offset: .milliseconds(5)))
                    await Self.offTheMainActor()
                    woken.append(index)
                }
            }
            await clock.advance(by: .milliseconds(10))
            for task in tasks { try await task.value }
            orders[woken, default: 0] += 1
        }
        #expect(orders.keys.sorted { $0.lexicographicallyPrecedes($1) } == [[0, 1, 2, 3]], "\(orders)")
    }

    /// A nonisolated async function: the caller hops to the global executor.
    nonisolated static func offTheMainActor() async {}

    /// The order in which `merge` delivers "a" and "b" under seed `seed`.
    static func mergeOrder(seed: UInt64) async throws -> String {
        let trace = try await OrderScenarios.mergeOfTwoInOneFrame.run(TestClock(schedule: .random(seed: seed)))
        return try Trace(text: trace).elements.map { element -> String in
            if case .string(let letter) = element { return letter }
            return "?"
        }.joined()
    }

    @Test func seedsExploreOtherOrders() async throws {
        var orders: [String: [UInt64]] = [:]
        for seed in UInt64(0)..<64 { orders[try await Self.mergeOrder(seed: seed), default: []].append(seed) }
        #expect(orders.count >= 2, "seeds 0..<64 gave only \(orders.keys.sorted())")
        #expect(Set(orders.keys).isSubset(of: ["ab", "ba"]), "\(orders.keys.sorted())")
    }

    /// Each seed, replayed 100 times, gives the same trace bytes every time.
    @Test(arguments: OrderScenarios.all)
    func aSeedReplaysTheSameTrace(_ scenario: OrderScenarios.Scenario) async throws {
        let seeds = SanitizedSeeds.seeds(0..<64, everyUnderThreadSanitizer: 16)
        var distinct: [String: Int] = [:]
        for seed in seeds {
            let traces = try await Self.traces(of: scenario, runs: Self.replays, schedule: .random(seed: UInt64(seed)))
            #expect(traces.count == 1, "\(scenario), seed \(seed): \(traces.count) traces in \(Self.replays) runs")
            for trace in traces.keys { distinct[trace, default: 0] += 1 }
        }
        #expect(!distinct.isEmpty)
    }

    @Test func theSeedIsInTheTraceHeader() async throws {
        let trace = try await OrderScenarios.mergeOfTwoInOneFrame.run(TestClock(schedule: .random(seed: 7)))
        #expect(trace.hasPrefix(#"{"streamtrace":1,"stream":"merged","clock":"virtual","at":0,"seed":7}"#))
        #expect(try Trace(text: trace).header.seed == 7)
        let inOrder = try await OrderScenarios.mergeOfTwoInOneFrame.run(TestClock())
        #expect(inOrder.hasPrefix(#"{"streamtrace":1,"stream":"merged","clock":"virtual","at":0}"#))
    }

    /// Jobs that are ready together run in the order they became ready:
    /// a task's priority does not move it ahead.
    @Test func priorityDoesNotChangeTheOrderOfReadyJobs() async throws {
        for run in 1...200 {
            let clock = TestClock()
            let order = LockedValue<[String]>([])
            let tasks = [
                Task(priority: .background) { order.update { $0.append("background") } },
                Task(priority: .high) { order.update { $0.append("high") } },
                Task(priority: .low) { order.update { $0.append("low") } },
                Task(priority: .userInitiated) { order.update { $0.append("userInitiated") } },
            ]
            await clock.advance()
            for task in tasks { await task.value }
            #expect(order.current == ["background", "high", "low", "userInitiated"], "run \(run)")
            if order.current != ["background", "high", "low", "userInitiated"] { break }
        }
    }

    /// The example of `TestClock.Schedule`.
    @Test func theScheduleExampleGivesOneOrderForSeven() async throws {
        var traces: Set<String> = []
        for _ in 0..<50 {
            let clock = TestClock(schedule: .random(seed: 7))
            let first = TestStream<String>("-a|", clock: clock)
            let second = TestStream<String>("-b|", clock: clock)
            let recorder = merge(first, second).record(clock: clock)  // a task for each input
            await clock.advance(by: .milliseconds(2))
            // "a" then "b", or "b" then "a": the same for seed 7 in every run, and "seed":7 in the header
            #expect(try recorder.elements.get().sorted() == ["a", "b"])
            #expect(recorder.traceText.hasPrefix(#"{"streamtrace":1,"clock":"virtual","at":0,"seed":7}"#))
            traces.insert(recorder.traceText)
        }
        #expect(traces.count == 1)
    }

    /// Two inputs merged by a task each.
    func merge(_ first: TestStream<String>, _ second: TestStream<String>)
        -> AsyncThrowingStream<String, any Error>
    {
        OrderScenarios.merge([first, second])
    }

    @Test func aClockSaysItsSchedule() {
        #expect(TestClock().schedule == .inOrder)
        #expect(TestClock(schedule: .random(seed: 3)).schedule.seed == 3)
        #expect(TestClock.Schedule.random(seed: 3).name == "random(seed: 3)")
        #expect(TestClock.Schedule.inOrder.name == "in order")
        #expect(TestClock.Schedule.current == .inOrder)
    }
}

/// A thread that keeps a core busy until stopped.
final class Spinner: @unchecked Sendable {
    private let lock = NSLock()
    private var running = true
    private let done = DispatchSemaphore(value: 0)

    init() {
        Thread { [self] in
            var spins = 0
            while lock.withLock({ running }) { spins &+= 1 }
            done.signal()
        }.start()
    }

    func stop() {
        lock.withLock { running = false }
        done.wait()
    }
}
