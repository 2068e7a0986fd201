import Foundation

/// The rows: this build and the baseline build, each a process per round
/// (`--measure`), run one after the other in the same rounds (which goes
/// first alternates), so that both see the same load; medians of the rounds.
struct Rounds {
    /// This binary.
    let client: String
    /// The same package built against the baseline commit, if given.
    let baseline: String?
    /// What the rows call the baseline: its commit.
    let label: String
    let rounds: Int
    let tasks: Int
    let schedules: Int

    /// What one `--measure` process printed.
    struct Sample {
        var times: [String: (wall: Double, cpu: Double)] = [:]
        var wrong: [String: String] = [:]
        /// Why the process failed, if it did.
        var failure: String?
    }

    func rows() -> [String] {
        var ours: [Sample] = []
        var theirs: [Sample] = []
        for round in 0..<rounds {
            if round % 2 == 1, let baseline { theirs.append(measure(baseline)) }
            ours.append(measure(client))
            if round % 2 == 0, let baseline { theirs.append(measure(baseline)) }
        }
        for (build, samples) in [("this build", ours), ("the baseline build", theirs)] {
            let failures = samples.enumerated().compactMap { round, sample in sample.failure.map { (round, $0) } }
            if let (round, failure) = failures.first {
                return ["| virtual clock | – | \(build) failed in round \(round + 1): \(failure) | – |"]
            }
        }
        let old = "on \(label)'s clock (before issue 33: followed jobs side by side on the global queue)"
        let asleep = "each asleep on the clock until one deadline, then +1 on a locked counter"
        var rows: [String] = []
        for count in Measurement.taskCounts(tasks) {
            let key = "sleep.inOrder.\(count)"
            let tasks = Self.grouped(count)
            rows += [
                row(
                    "`advance(by:)` past one deadline over \(tasks) followed tasks (\(asleep)), in order (µs a "
                        + "task) vs the same \(old)", ours, "advance.\(key)", theirs, "advance.\(key)", per: count,
                    unit: "a task"),
                row(
                    "the whole of it, \(tasks) tasks: the clock made, the tasks started, the advance, the clock "
                        + "released (µs a task) vs the same \(old)", ours, "whole.\(key)", theirs, "whole.\(key)",
                    per: count, unit: "a task"),
            ]
        }
        let all = Self.grouped(tasks)
        rows += [
            row(
                "`advance(by:)` over \(all) followed tasks asleep until one deadline, under "
                    + "`TestClock(schedule: .random(seed: 0))` (µs a task) vs in order \(old)", ours,
                "advance.sleep.random.\(tasks)", theirs, "advance.sleep.inOrder.\(tasks)", per: tasks, unit: "a task"),
            row(
                "\(all) followed tasks that each yield once, then +1 on a locked counter, no sleeper: the clock "
                    + "made, the tasks started, `advance(by: .zero)`, the clock released (µs a task) vs the same "
                    + "\(old)", ours, "whole.yield.inOrder.\(tasks)", theirs, "whole.yield.inOrder.\(tasks)",
                per: tasks, unit: "a task"),
        ]
        let test =
            "the README's debounce test (`DebouncedSearch`: type \"s\", advance 100 ms, type \"sw\", advance "
            + "300 ms, the recorder's next element)"
        rows += [
            row(
                "\(test) under \(schedules) schedules: the default, then `.random(seed:)` 0..<\(schedules - 1) "
                    + "(µs a schedule) vs its body \(schedules) times \(old), `TestClock()`", ours,
                "debounce.explored", theirs, "debounce.plain", per: schedules, unit: "a schedule", total: true),
            row(
                "\(test) \(schedules) times on `TestClock()`, in order (µs a run) vs the same \(old)", ours,
                "debounce.plain", theirs, "debounce.plain", per: schedules, unit: "a run"),
        ]
        return rows
    }

    /// A row: the medians of `key` in `ours` and of `baseKey` in `theirs`,
    /// divided by `count`, in microseconds, and the median of the rounds'
    /// ratios of their wall-clock times (of the rounds where both read the
    /// right result). `total` adds the median of the
    /// whole (all `count`) in milliseconds.
    private func row(
        _ name: String, _ ours: [Sample], _ key: String, _ theirs: [Sample], _ baseKey: String, per count: Int,
        unit: String, total: Bool = false
    ) -> String {
        func cell(_ samples: [Sample], _ key: String) -> String {
            let times = samples.compactMap { $0.times[key] }
            guard times.count == samples.count, !times.isEmpty else { return "not measured" }
            let wall = Self.median(times.map(\.wall))
            let cpu = Self.median(times.map(\.cpu))
            var text =
                String(format: "%.2f µs ", wall / Double(count) * 1e6) + unit
                + String(format: " (CPU %.2f µs)", cpu / Double(count) * 1e6)
            if total { text += String(format: ", %d in %.1f ms", count, wall * 1e3) }
            let wrong = samples.enumerated().compactMap { round, sample in
                sample.wrong[key].map { "round \(round + 1): \($0)" }
            }
            if !wrong.isEmpty {
                text += "; WRONG in \(wrong.count) of \(samples.count) rounds, " + wrong.joined(separator: "; ")
            }
            return text
        }
        guard !theirs.isEmpty else { return "| \(name) | \(cell(ours, key)) | – (no --baseline) | – |" }
        // A round where either read the wrong result compares nothing: left out.
        let ratios = zip(ours, theirs).compactMap { ours, theirs -> Double? in
            guard ours.wrong[key] == nil, theirs.wrong[baseKey] == nil, let mine = ours.times[key],
                let base = theirs.times[baseKey]
            else { return nil }
            return mine.wall / base.wall
        }
        var ratio =
            ratios.isEmpty ? "– (no round right in both)" : String(format: "%.2f× the time", Self.median(ratios))
        if !ratios.isEmpty, ratios.count < rounds {
            ratio += " (the \(ratios.count) of \(rounds) rounds right in both)"
        }
        return "| \(name) | \(cell(ours, key)) | \(cell(theirs, baseKey)) | \(ratio) |"
    }

    /// Runs `binary --measure` and reads what it prints.
    private func measure(_ binary: String) -> Sample {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--measure", "--tasks", String(tasks), "--schedules", String(schedules)]
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            return Sample(failure: "cannot run \(binary): \(error)")
        }
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var sample = Sample()
        for line in printed.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 2).map(String.init)
            guard fields.count == 3 else { continue }
            switch fields[0] {
            case "time":
                let numbers = fields[2].split(separator: " ").compactMap { Double($0) }
                if numbers.count == 2 { sample.times[fields[1]] = (numbers[0], numbers[1]) }
            case "wrong": sample.wrong[fields[1]] = fields[2]
            default: break
            }
        }
        if process.terminationReason != .exit || process.terminationStatus != 0 {
            let how = process.terminationReason == .exit ? "exit" : "signal"
            sample.failure = "\(binary) --measure ended with \(how) \(process.terminationStatus)"
        }
        return sample
    }

    /// 10000 as "10,000".
    static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
