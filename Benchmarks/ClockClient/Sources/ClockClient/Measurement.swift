import StreamTrace

/// `--measure`: every workload this build has, once each after a warm-up,
/// printed as lines that ``Rounds`` reads: `time KEY WALL CPU` (seconds)
/// and `wrong KEY WHAT` when a workload read the wrong result.
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

    static func run(tasks: Int, schedules: Int) async -> [String] {
        // The hook installed, the runtime's allocators and the code warmed up.
        _ = await Workloads.advance(tasks: 100, .sleep) { TestClock() }
        _ = await Workloads.readmeDebounce(runs: 3) { _ in TestClock() }

        var lines: [String] = []
        /// Keys `advance.WORK.SCHEDULE.COUNT` and `whole.WORK.SCHEDULE.COUNT`.
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
        func debounce(_ key: String, _ makeClock: (Int) -> TestClock) async {
            let (time, wrong) = await Workloads.readmeDebounce(runs: schedules, clock: makeClock)
            lines.append(line("debounce.\(key)", time))
            if let first = wrong.first {
                lines.append(
                    "wrong debounce.\(key) \(wrong.count) of \(schedules) runs did not read \"sw\" "
                        + "(run \(first.run) read \(first.read.map { "\"\($0)\"" } ?? "nothing within 5 s"))")
            }
        }

        for count in taskCounts(tasks) {
            await advance(.sleep, "inOrder", count) { TestClock() }
        }
        await advance(.yield, "inOrder", tasks) { TestClock() }
        #if !STREAMTRACE_BASELINE
        await advance(.sleep, "random", tasks) { TestClock(schedule: .random(seed: 0)) }
        await debounce("explored", exploredClock)
        #endif
        await debounce("plain") { _ in TestClock() }
        return lines
    }

    private static func line(_ key: String, _ time: Timing) -> String {
        "time \(key) \(time.wall) \(time.cpu)"
    }
}
