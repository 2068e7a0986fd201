import StreamTrace

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What both glue modules' schedule exploration share: the schedules to run a test under, what a failure under one
/// says, and the line that reruns just that one. A test runs under ``TestClock/Schedule/inOrder`` first, then under
/// `count` seeded ones from `baseSeed`, or only under the one `STREAMTRACE_SCHEDULE` names (a seed, or `in-order`).
package struct ScheduleExploration: Sendable {
    package static let variable = "STREAMTRACE_SCHEDULE"

    package let schedules: [TestClock.Schedule]
    /// Whether `STREAMTRACE_SCHEDULE` chose the one schedule.
    package let isRerun: Bool
    /// The test, as `swift test --filter` takes it.
    package let filter: String

    /// The schedules for `count` seeds from `baseSeed`, or the one that `STREAMTRACE_SCHEDULE` names; a
    /// ``TestFailure`` says what the variable must hold.
    package init(count: Int, baseSeed: UInt64, filter: String) throws(TestFailure) {
        self.filter = filter
        guard let value = getenv(Self.variable).map({ String(cString: $0) }), !value.isEmpty else {
            let seeds = (0..<UInt64(max(count, 0))).map { TestClock.Schedule.random(seed: baseSeed &+ $0) }
            schedules = [.inOrder] + seeds
            isRerun = false
            return
        }
        isRerun = true
        if value == "in-order" {
            schedules = [.inOrder]
        } else if value.allSatisfy(\.isNumber), let seed = UInt64(value) {
            schedules = [.random(seed: seed)]
        } else {
            throw TestFailure(
                "\(Self.variable)=\(value): expected a seed (an integer from 0 to 18446744073709551615) "
                    + "or in-order, the schedule to rerun")
        }
    }

    /// What a failure under `schedule`, the `index`-th run, adds: which schedule it was, and the line that reruns it
    /// alone (`STREAMTRACE_SCHEDULE=7 swift test --filter 'Module.Suite/test'`).
    package func note(for schedule: TestClock.Schedule, index: Int) -> String {
        let value = schedule.seed.map(String.init) ?? "in-order"
        var text = "under schedule \(schedule.name)"
        if !isRerun, schedules.count > 1, let first = schedules.dropFirst().first?.seed {
            let last = first &+ UInt64(schedules.count - 1)
            text += ", the \(Self.ordinal(index + 1)) of \(schedules.count) (in order, then seeds \(first)..<\(last))"
        }
        return text + "; rerun it alone: \(Self.variable)=\(value) swift test --filter '\(filter)'"
    }

    /// The traces a run left, named after their streams and the schedule: `results-seed7.jsonl`.
    package static func attachments(of run: ScheduleRun) -> [TraceAttachment] {
        let suffix = run.schedule.seed.map { "-seed\($0)" } ?? "-in-order"
        return run.traces.map { TraceAttachment(header: $0.header, text: $0.text, suffix: suffix) }
    }

    private static func ordinal(_ n: Int) -> String {
        let suffix = (1...3).contains(n % 10) && !(11...13).contains(n % 100) ? ["st", "nd", "rd"][n % 10 - 1] : "th"
        return "\(n)\(suffix)"
    }
}
