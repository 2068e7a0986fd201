import Foundation

/// `make bench`'s ci section: `streamtrace check` over a CI run's worth of
/// small traces in one invocation, against one invocation per trace and
/// against `cat` of the same files; start-up against `true` and `wc -l`;
/// and the size of the binary `make install` installs.
struct CIBench {
    let directory: String
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
        let one = (0..<5).map { _ in Measure.timed([cli, "check", "--spec", spec, folder]) }.min {
            $0.seconds < $1.seconds
        }!
        let separate = Measure.seconds {
            for path in paths { _ = Measure.timed([cli, "check", path] + Self.queries) }
        }
        let cat = (0..<5).map { _ in Measure.timed(["/bin/cat"] + paths) }.min { $0.seconds < $1.seconds }!
        let n = Self.traceCount
        var rows = [
            "| `check --spec` over \(n) small traces, one run (exit \(one.status)) vs \(n) runs of `check TRACE QUERY...` | "
                + ms(one.seconds) + " | " + ms(separate) + " | " + ratio(separate / one.seconds) + " faster |",
            "| the same one run vs `cat` of the \(n) files | " + ms(one.seconds) + " | " + ms(cat.seconds) + " | "
                + ratio(one.seconds / cat.seconds) + " |",
            "| the same one run: CPU time (user + system) vs wall time | " + ms(one.cpuSeconds) + " | "
                + ms(one.seconds) + " | " + String(format: "%.2f cores", one.cpuSeconds / one.seconds) + " |",
        ]
        rows += startupRows(cli)
        if let installed, FileManager.default.fileExists(atPath: installed) { rows.append(sizeRow(installed)) }
        return rows
    }

    /// `check` on a 2-line trace, fastest of 20, against `true` and `wc -l`.
    private func startupRows(_ cli: String) -> [String] {
        let tiny = directory + "/tiny.jsonl"
        try? "{\"streamtrace\":1}\n{\"t\":0,\"event\":\"finished\"}\n".write(
            toFile: tiny, atomically: true, encoding: .utf8)
        func fastest(_ command: [String]) -> Double {
            (0..<20).map { _ in Measure.timed(command).seconds }.min()!
        }
        let trueTime = fastest(["/bin/true"])
        let wc = fastest(["/usr/bin/wc", "-l", tiny])
        var binaries = [("`swift build` (shared Swift runtime)", dynamic)]
        if cli != dynamic { binaries.insert(("installed (static Swift runtime)", cli), at: 0) }
        var rows: [String] = []
        for (name, binary) in binaries where FileManager.default.isExecutableFile(atPath: binary) {
            let startup = fastest([binary, "check", tiny, "finished"])
            rows.append(
                "| start-up: `check` on a 2-line trace, \(name), fastest of 20, vs `true` / `wc -l` | " + ms(startup)
                    + " | " + ms(trueTime) + " / " + ms(wc) + " | " + ratio(startup / wc) + " `wc -l` |")
        }
        return rows
    }

    /// The installed binary's size, as built and stripped (as `make install` installs it).
    private func sizeRow(_ binary: String) -> String {
        let stripped = directory + "/streamtrace-stripped"
        let status = Measure.timed(["/usr/bin/strip", "-o", stripped, binary]).status
        func megabytes(_ path: String) -> String {
            String(format: "%.1f MB", Double(Workloads.fileSize(path)) / 1e6)
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
