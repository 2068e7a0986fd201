import Foundation

/// The line-by-line reader (`TraceReader`, one thread) on the smallest
/// check trace, and `streamtrace check`'s start-up.
struct ReaderBench {
    let options: BenchOptions

    func readerRows() -> [String] {
        let megabytes = options.checkSizes.min() ?? 200
        let path = options.directory + "/realistic-\(megabytes)MB.jsonl"
        let mb = Double(RealisticTrace.ensure(path: path, megabytes: megabytes)) / 1e6
        let me = CommandLine.arguments[0]
        let runJQ = megabytes <= options.jqMaxMegabytes
        var commands = [[me, "--scan", path], [me, "--read", path], ["/usr/bin/env", "wc", "-l", path]]
        if runJQ { commands.append(["/usr/bin/env", "jq", "empty", path]) }
        let runs = ChildRuns(commands, rounds: options.repeats)
        let name = String(format: "reader (`TraceReader`, one thread), %.0f MB", mb)
        var rows = [
            "| \(name), every line checked, values built on demand, vs `wc -l` | "
                + "\(runs.rate(0, mb)), \(runs.memory(0)) | \(runs.rate(2, mb)) | \(runs.ratio(2, 0)) |"
        ]
        if runJQ, runs.status(3) == 0 {
            rows.append(
                "| \(name), every line checked, vs `jq empty` | \(runs.rate(0, mb)) | "
                    + "\(runs.rate(3, mb)), \(runs.memory(3)) | \(runs.ratio(3, 0)) |")
            rows.append(
                "| \(name), every value built, vs `jq empty` | \(runs.rate(1, mb)), \(runs.memory(1)) | "
                    + "\(runs.rate(3, mb)), \(runs.memory(3)) | \(runs.ratio(3, 1)) |")
        }
        return rows
    }
}

/// Commands run in rounds (each once per round, in order), with their
/// median times, peak memory and exit status.
struct ChildRuns {
    private(set) var results: [[Measure.ChildResult]]

    init(_ commands: [[String]], rounds: Int, stdout: [String?]? = nil) {
        results = Array(repeating: [], count: commands.count)
        for _ in 0..<rounds {
            for (index, command) in commands.enumerated() {
                results[index].append(Measure.spawn(command, stdout: stdout?[index] ?? nil))
            }
        }
    }

    func seconds(_ index: Int) -> Double { Measure.median(results[index].map(\.seconds)) }

    func rate(_ index: Int, _ megabytes: Double) -> String {
        String(format: "%.0f MB/s", megabytes / seconds(index))
    }

    /// The largest peak of any run.
    func memory(_ index: Int) -> String {
        Measure.megabytes(results[index].max { $0.peakKilobytes < $1.peakKilobytes }!)
    }

    /// The largest peak of any run, in kilobytes (0 without GNU time).
    func peakKilobytes(_ index: Int) -> Int { results[index].map(\.peakKilobytes).max() ?? 0 }

    func status(_ index: Int) -> Int32 { results[index].map(\.status).first { $0 != 0 } ?? 0 }

    /// The median over rounds of `baseline / measured` (the speed of
    /// `measured` beside `baseline`).
    func ratio(_ baseline: Int, _ measured: Int) -> String {
        let value = Measure.ratio(results[baseline].map(\.seconds), results[measured].map(\.seconds))
        return String(format: value < 1 ? "%.3f×" : "%.2f×", value)
    }
}
