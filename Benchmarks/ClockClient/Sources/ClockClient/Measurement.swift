import StreamTrace

/// `--measure`: every workload this build has, after a warm-up, printed as
/// lines that ``Rounds`` reads: `time KEY WALL CPU` (seconds) and `wrong
/// KEY WHAT` when a workload read the wrong result. The README's test
/// first, in a process that has run nothing else but the warm-up (a loop
/// of it is short: the median of ``debounceLoops`` loops, one of each kind
/// in turn); then the advance workloads, once each.
///
/// Built against the baseline (`STREAMTRACE_BASELINE`), it leaves out the
/// workloads that need `TestClock.Schedule`: the clock had no schedules.
enum Measurement {
    /// The clock of each run of the README's test when schedules are
    /// explored: the default (`TestClock()`), then `.random(seed:)` from 0,
    /// as `.exploringSchedules(count)` runs them.
    static func exploredClock(_ run: Int) -> TestClock {
        #if STREAMTRACE_BASELINE
        TestClock()
        #else
        run == 0 ? TestClock() : TestClock(schedule: .random(seed: UInt64(run - 1)))
        #endif
    }

    /// The task counts of the advance workloads: `tasks`, and a tenth of
    /// it (the clock's queue of sleepers costs more a task the longer it is).
    static func taskCounts(_ tasks: Int) -> [Int] {
        tasks >= 20 ? [tasks, tasks / 10] : [tasks]
    }

    static let debounceLoops = 5

    static func run(tasks: Int, schedules: Int) async -> [String] {
        // The hook installed, the runtime's allocators and the code warmed up.
        _ = await Workloads.advance(tasks: 100, .sleep) { TestClock() }
        _ = await Workloads.readmeDebounce(runs: 3) { _ in TestClock() }
        return await debounceLines(schedules: schedules) + advanceLines(tasks: tasks)
    }

    /// The README's test: `explored` (this build only) and `plain` loops of
    /// `schedules` runs.
    private static func debounceLines(schedules: Int) async -> [String] {
        var kinds: [(key: String, clock: (Int) -> TestClock)] = []
        #if !STREAMTRACE_BASELINE
        kinds.append(("explored", exploredClock))
        #endif
        kinds.append(("plain", { _ in TestClock() }))
        var times = Array(repeating: [Timing](), count: kinds.count)
        var wrong = Array(repeating: [(run: Int, read: String?)](), count: kinds.count)
        for _ in 0..<debounceLoops {
            for (index, kind) in kinds.enumerated() {
                let (time, wrongRuns) = await Workloads.readmeDebounce(runs: schedules, clock: kind.clock)
                times[index].append(time)
                wrong[index] += wrongRuns
            }
        }
        var lines: [String] = []
        for (index, kind) in kinds.enumerated() {
            let typical = Timing(wall: median(times[index].map(\.wall)), cpu: median(times[index].map(\.cpu)))
            lines.append(line("debounce.\(kind.key)", typical))
            if let first = wrong[index].first {
                let read = first.read.map { "\"\($0)\"" } ?? "nothing within 5 s"
                lines.append(
                    "wrong debounce.\(kind.key) \(wrong[index].count) of \(schedules * debounceLoops) runs "
                        + "did not read \"sw\" (run \(first.run) read \(read))")
            }
        }
        return lines
    }

    /// Keys `advance.WORK.SCHEDULE.COUNT` and `whole.WORK.SCHEDULE.COUNT`.
    private static func advanceLines(tasks: Int) async -> [String] {
        var lines: [String] = []
        func advance(_ work: Workloads.TaskWork, _ schedule: String, _ count: Int, _ makeClock: () -> TestClock)
            async
        {
            let key = "\(work).\(schedule).\(count)"
            let result = await Workloads.advance(tasks: count, work, clock: makeClock)
            lines.append(line("advance.\(key)", result.advance))
            lines.append(line("whole.\(key)", result.whole))
            if result.done != count {
                let wrong = "\(result.done) of \(count) tasks had run on when advance returned"
                lines += ["wrong advance.\(key) \(wrong)", "wrong whole.\(key) \(wrong)"]
            }
        }
        for count in taskCounts(tasks) {
            await advance(.sleep, "inOrder", count) { TestClock() }
        }
        await advance(.yield, "inOrder", tasks) { TestClock() }
        #if !STREAMTRACE_BASELINE
        await advance(.sleep, "random", tasks) { TestClock(schedule: .random(seed: 0)) }
        #endif
        return lines
    }

    private static func median(_ values: [Double]) -> Double {
        Rounds.median(values)
    }

    private static func line(_ key: String, _ time: Timing) -> String {
        "time \(key) \(time.wall) \(time.cpu)"
    }
}
