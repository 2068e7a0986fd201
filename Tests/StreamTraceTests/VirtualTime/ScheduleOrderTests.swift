import Foundation
import StreamTrace
import Testing

@Suite struct ScheduleOrderTests {
    static let runs = Int(ProcessInfo.processInfo.environment["STREAMTRACE_ORDER_RUNS"] ?? "") ?? 2_000

    @Test(arguments: OrderScenarios.all)
    func eachProgramGivesOneTrace(_ scenario: OrderScenarios.Scenario) async throws {
        var traces: [String: Int] = [:]
        for _ in 0..<Self.runs {
            let trace = try await scenario.run(TestClock())
            traces[trace, default: 0] += 1
        }
        #expect(traces.count == 1, "\(scenario): \(traces.count) distinct traces in \(Self.runs) runs: \(traces.values.sorted())")
    }
}
