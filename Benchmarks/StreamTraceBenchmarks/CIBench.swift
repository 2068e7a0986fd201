import Foundation

/// `make bench`'s ci section: `streamtrace check` over a CI run's worth of
/// small traces in one invocation, against one invocation per trace and
/// against `cat` of the same files; start-up against `true` and `wc -l`;
/// and the size of the binary `make install` installs. Medians of `rounds`
/// rounds, each running the command and its baselines in turn.
struct CIBench {
    let directory: String
    let rounds: Int
    /// The binary `make install` installs (static Swift runtime), if built.
    let installed: String?
    /// The release binary of `swift build` (Swift runtime as shared libraries).
    let dynamic: String
    static let traceCount = 1_000
    static let queries = ["next == 0", "count == 16", "finished"]

    func rows() -> [String] {
        let cli = installed.flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil } ?? dynamic
        let (folder, paths) = makeTraces()
        let spec = directory + "/ci-bench.spec"
        try? (Self.queries.joined(separator: "\n") + "\n").write(toFile: spec, atomically: true, encoding: .utf8)
        var (one, separate, cat): ([Measure.TimedResult], [Double], [Double]) = ([], [], [])
        for _ in 0..<rounds {
            one.append(Measure.timed([cli, "check", "--spec", spec, folder]))
            separate.append(
                Measure.seconds { for path in paths { _ = Measure.timed([cli, "check", path] + Self.queries) } })
            cat.append(Measure.timed(["/bin/cat"] + paths).seconds)
        }
        let oneSeconds = one.map(\.seconds)
        let (wall, cpu) = (Measure.median(oneSeconds), Measure.median(one.map(\.cpuSeconds)))
        let status = one.map(\.status).first { $0 != 0 } ?? 0
        let n = Self.traceCount
        var rows = [
            "| `check --spec` over \(n) small traces, one run (exit \(status)) vs \(n) runs of `check TRACE QUERY...` | "
                + ms(wall) + " | " + ms(Measure.median(separate)) + " | "
                + ratio(Measure.ratio(separate, oneSeconds)) + " faster |",
            "| the same one run vs `cat` of the \(n) files | " + ms(wall) + " | " + ms(Measure.median(cat)) + " | "
                + ratio(1 / Measure.ratio(cat, oneSeconds)) + " |",
            "| the same one run: CPU time (user + system) vs wall time | " + ms(cpu) + " | " + ms(wall) + " | "
                + String(format: "%.2f cores", cpu / wall) + " |",
        ]
        rows += startupRows(cli)
        if let installed, FileManager.default.fileExists(atPath: installed) { rows.append(sizeRow(installed)) }
        return rows
    }

    /// `check` on a 2-line trace against `true` and `wc -l`, in the same
    /// rounds: medians of 20 (a start-up is a few milliseconds).
    private func startupRows(_ cli: String) -> [String] {
        let tiny = directory + "/tiny.jsonl"
        try? "{\"streamtrace\":1}\n{\"t\":0,\"event\":\"finished\"}\n".write(
            toFile: tiny, atomically: true, encoding: .utf8)
        var binaries = [("`swift build` (shared Swift runtime)", dynamic)]
        if cli != dynamic { binaries.insert(("installed (static Swift runtime)", cli), at: 0) }
        binaries = binaries.filter { FileManager.default.isExecutableFile(atPath: $0.1) }
        let commands =
            [["/bin/true"], ["/usr/bin/wc", "-l", tiny]] + binaries.map { [$0.1, "check", tiny, "finished"] }
        var times = Array(repeating: [Double](), count: commands.count)
        for _ in 0..<max(rounds, 20) {
            for (index, command) in commands.enumerated() { times[index].append(Measure.timed(command).seconds) }
        }
        let (trueTime, wc) = (Measure.median(times[0]), Measure.median(times[1]))
        return binaries.enumerated().map { index, binary in
            "| start-up: `check` on a 2-line trace, \(binary.0), median of \(times[0].count), vs `true` / `wc -l` | "
                + ms(Measure.median(times[index + 2])) + " | " + ms(trueTime) + " / " + ms(wc) + " | "
                + ratio(1 / Measure.ratio(times[1], times[index + 2])) + " `wc -l` |"
        }
    }

    /// The installed binary's size, as built and stripped (as `make install` installs it).
    private func sizeRow(_ binary: String) -> String {
        let stripped = directory + "/streamtrace-stripped"
        let status = Measure.timed(["/usr/bin/strip", "-o", stripped, binary]).status
        func megabytes(_ path: String) -> String {
            String(format: "%.1f MB", Double(Measure.fileSize(path)) / 1e6)
        }
        return "| `make install`'s binary: size as installed (stripped) / as built | "
            + (status == 0 ? megabytes(stripped) : "strip failed") + " | " + megabytes(binary) + " | – |"
    }

    /// 1,000 traces of 16 values each, made once.
    private func makeTraces() -> (folder: String, paths: [String]) {
        let folder = directory + "/ci-traces"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var trace =
            "{\"streamtrace\":1,\"stream\":\"bench\",\"clock\":\"virtual\"}\n{\"t\":0,\"event\":\"subscribe\"}\n"
        for value in 0..<16 { trace += "{\"t\":\(value * 1000),\"event\":\"value\",\"value\":\(value)}\n" }
        trace += "{\"t\":20000,\"event\":\"finished\"}\n"
        let paths = (0..<Self.traceCount).map { String(format: "%@/trace-%04d.jsonl", folder, $0) }
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            try? trace.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return (folder, paths)
    }

    private func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
    private func ratio(_ value: Double) -> String { String(format: "%.1f×", value) }
}
