import Foundation
import StreamTrace

/// `--only fastread`: what `check finished` and `check count` need (event
/// and element counts, the terminal event, the last event), read through
/// ``TraceScan`` in parallel and sequentially and through the reader's
/// `nextHead()`, beside `wc -l`, `cat`, `grep -c` and `jq` on the same
/// file in the same run.
struct FastReadBench {
    let directory: String
    let sizes: [Int]
    let runs: Int
    /// jq runs only on traces up to this size (it reads ~20 MB/s).
    let jqMaxMegabytes: Int

    func run() -> String {
        var rows = [
            "| trace | what | MB/s | peak RSS | vs `wc -l` | vs `cat` | vs `grep -c` | vs jq |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for megabytes in sizes { rows += table(megabytes: megabytes) }
        return rows.joined(separator: "\n")
    }

    private func table(megabytes: Int) -> [String] {
        let path = directory + "/realistic-\(megabytes)MB.jsonl"
        let size = RealisticTrace.ensure(path: path, megabytes: megabytes)
        let mb = Double(size) / 1e6
        let me = CommandLine.arguments[0]
        var rows = ["| \(String(format: "%.0f MB", mb)) | load average before | \(Self.loadAverage()) | | | | | |"]
        _ = Measure.spawn(["/usr/bin/env", "cat", path])  // into the page cache
        let wc = best(["/usr/bin/env", "wc", "-l", path])
        let cat = best(["/usr/bin/env", "cat", path])
        // Not into /dev/null: GNU grep stops at the first match when its output is /dev/null.
        let grep = best(
            ["/usr/bin/env", "grep", "-c", "\"event\":\"value\"", path], stdout: directory + "/grep-count.txt")
        let cli = Measure.streamtrace
        var outputs: [String: String] = [:]
        for query in ["finished", "count"] {
            let jq =
                megabytes <= jqMaxMegabytes
                ? Measure.spawn(["/usr/bin/env", "jq", "-n", Self.jq[query]!, path])
                : Measure.ChildResult(seconds: 0, peakKilobytes: 0, status: -1)
            for mode in ["parallel", "sequential", "nextHead", "streamtrace check"] {
                let output = directory + "/summary-\(mode.split(separator: " ").last!)-\(query).txt"
                let command =
                    mode == "streamtrace check" ? [cli, "check", path, query] : [me, "--summary", mode, query, path]
                if mode == "streamtrace check", !FileManager.default.isExecutableFile(atPath: cli) { continue }
                let result = best(command, stdout: output)
                let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
                if mode != "streamtrace check", let other = outputs[query], other != text {
                    rows.append("| MISMATCH \(query) \(mode): \(text) vs \(other) |")
                }
                if mode != "streamtrace check" { outputs[query] = text }
                func ratio(_ base: Measure.ChildResult) -> String {
                    String(format: "%.2f×", base.seconds / result.seconds)
                }
                rows.append(
                    "| \(String(format: "%.0f MB", mb)) | `check \(query)` via \(mode)\(result.status == 0 ? "" : " (exit \(result.status)!)") | "
                        + String(format: "%.0f", mb / result.seconds)
                        + " | \(Measure.megabytes(result)) | \(ratio(wc)) | \(ratio(cat)) | "
                        + "\(ratio(grep)) | \(jq.status == 0 ? ratio(jq) : "n/a") |")
            }
            rows.append(
                "| \(String(format: "%.0f MB", mb)) | jq for `\(query)` | "
                    + (jq.status == 0 ? String(format: "%.0f", mb / jq.seconds) : "not run (--jq-max-mb)")
                    + " | \(Measure.megabytes(jq)) | | | | |")
        }
        for (name, result) in [("`wc -l`", wc), ("`cat`", cat), ("`grep -c '\"event\":\"value\"'`", grep)] {
            rows.append(
                "| \(String(format: "%.0f MB", mb)) | \(name) | " + String(format: "%.0f", mb / result.seconds)
                    + " | \(Measure.megabytes(result)) | | | | |")
        }
        rows.append(
            "| \(String(format: "%.0f MB", mb)) | result | \(outputs["count"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") | | | | | |"
        )
        rows.append("| \(String(format: "%.0f MB", mb)) | load average after | \(Self.loadAverage()) | | | | | |")
        return rows
    }

    /// The machine's load: other work on it skews every number above.
    static func loadAverage() -> String {
        ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "n/a").split(separator: " ").prefix(3)
            .joined(separator: " ")
    }

    private func best(_ command: [String], stdout: String? = nil) -> Measure.ChildResult {
        (0..<runs).map { _ in Measure.spawn(command, stdout: stdout) }.min { $0.seconds < $1.seconds }!
    }

    static let jq = [
        "finished": #"reduce inputs as $e (null; $e) | .event == "finished""#,
        "count": #"reduce (inputs | select(.event == "value")) as $e (0; . + 1)"#,
    ]

    /// Child mode: prints what `check QUERY` needs, read by `mode`.
    static func summary(mode: String, query: String, path: String) -> Int32 {
        do {
            var summary = TraceScanSummary()
            var status = TraceStatus.open
            switch mode {
            case "parallel", "sequential":
                var options = mode == "parallel" ? TraceScanOptions() : TraceScanOptions(parallelism: 1)
                if let size = ProcessInfo.processInfo.environment["STREAMTRACE_READ_SIZE"].flatMap({ Int($0) }) {
                    options.readSize = size
                }
                let scan = try TraceScan.summary(path: path, options: options)
                summary = scan.consumer
                status = scan.status
            default:
                let reader = try TraceReader(path: path)
                while let event = try reader.nextScanEvent() { summary.consume(event) }
                status = reader.status
            }
            let end = summary.terminal.map { "\($0.kind) on line \($0.line) at t=\($0.nanoseconds)" } ?? "none"
            let last = summary.last.map { "\($0.kind) #\($0.index) on line \($0.line)" } ?? "none"
            if query == "count" {
                print(
                    "\(summary.elementCount) elements, \(summary.eventCount) events, \(status); terminal \(end); last \(last)"
                )
            } else {
                print("\(status == .finished ? "finished" : "not finished (\(status))"): terminal \(end); last \(last)")
            }
            return 0
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            return 3
        }
    }
}
