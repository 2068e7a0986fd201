import Foundation
import StreamTrace

/// `streamtrace check TRACE finished` and `check TRACE count`, the real
/// command, on generated traces of each size (cached in `--dir`), in the
/// same rounds as `wc -l`, `grep -c`, `cat` and, on small traces, `jq`;
/// then the same results from the sequential scan and the line-by-line
/// reader, which must be identical.
struct CheckBench {
    let options: BenchOptions
    static let queries = ["finished", "count"]

    func rows() -> [String] {
        let cli = Measure.streamtrace
        guard FileManager.default.isExecutableFile(atPath: cli) else {
            return ["| `streamtrace check` | – | build the streamtrace product first | – |"]
        }
        var rows: [String] = []
        var jqRates: [String: (rate: Double, megabytes: Int)] = [:]
        for megabytes in options.checkSizes.sorted() {
            rows += self.rows(megabytes: megabytes, cli: cli, jqRates: &jqRates)
        }
        return rows
    }

    private func rows(
        megabytes: Int, cli: String, jqRates: inout [String: (rate: Double, megabytes: Int)]
    ) -> [String] {
        let path = options.directory + "/realistic-\(megabytes)MB.jsonl"
        let mb = Double(RealisticTrace.ensure(path: path, megabytes: megabytes)) / 1e6
        _ = Measure.spawn(["/usr/bin/env", "cat", path])  // into the page cache
        let outputs = Self.queries.map { options.directory + "/check-\($0).txt" }
        // Not into /dev/null: GNU grep stops at the first match when its output is /dev/null.
        let grepOutput = options.directory + "/grep-count.txt"
        // jq in the same rounds, on traces up to --jq-max-mb (it reads ~50 MB/s).
        let jq =
            megabytes <= options.jqMaxMegabytes
            ? Self.queries.map { ["/usr/bin/env", "jq", "-n", FastReadBench.jq[$0]!, path] } : []
        let runs = ChildRuns(
            Self.queries.map { [cli, "check", path, $0] } + [
                ["/usr/bin/env", "wc", "-l", path], ["/usr/bin/env", "grep", "-c", #""event":"value""#, path],
                ["/usr/bin/env", "cat", path],
            ] + jq, rounds: options.repeats, stdout: outputs + [nil, grepOutput, nil] + jq.map { _ in nil })
        let size = String(format: "%.0f MB", mb)
        var rows: [String] = []
        for (index, query) in Self.queries.enumerated() {
            let name = "`streamtrace check TRACE \(query)`, \(size)"
            let failed = runs.status(index) == 0 ? "" : " (exit \(runs.status(index))!)"
            let ours = "\(runs.rate(index, mb)), \(runs.memory(index)) peak\(failed)"
            for (baseline, label) in [(2, "`wc -l`"), (3, #"`grep -c '"event":"value"'`"#), (4, "`cat`")] {
                rows.append(
                    "| \(name), vs \(label) | \(ours) | \(runs.rate(baseline, mb)), \(runs.memory(baseline)) | "
                        + "\(runs.ratio(baseline, index)) |")
            }
            let jqIndex = jq.isEmpty ? nil : Self.queries.count + 3 + index
            rows.append(
                jqRow(
                    name: name, ours: ours, runs: runs, (index, jqIndex), mb: mb, megabytes: megabytes,
                    rate: &jqRates[query]))
        }
        rows.append(identicalRow(size: size, path: path, outputs: outputs))
        return rows
    }

    /// jq doing the same job, in the same rounds; on a trace above
    /// `--jq-max-mb`, jq's rate on the largest trace it ran on.
    private func jqRow(
        name: String, ours: String, runs: ChildRuns, _ indices: (ours: Int, jq: Int?), mb: Double, megabytes: Int,
        rate: inout (rate: Double, megabytes: Int)?
    ) -> String {
        if let jq = indices.jq {
            guard runs.status(jq) == 0 else {
                return "| \(name), vs jq | \(ours) | jq failed or is not installed | – |"
            }
            rate = (mb / runs.seconds(jq), megabytes)
            return
                "| \(name), vs jq | \(ours) | \(runs.rate(jq, mb)), \(runs.memory(jq)) | \(runs.ratio(jq, indices.ours)) |"
        }
        guard let (jqRate, size) = rate else { return "| \(name), vs jq | \(ours) | not run (--jq-max-mb) | – |" }
        return "| \(name), vs jq (jq's rate on the \(size) MB trace; --jq-max-mb to run it here) | \(ours) | "
            + String(format: "%.0f MB/s", jqRate) + " | "
            + String(format: "%.0f×", mb / runs.seconds(indices.ours) / jqRate) + " |"
    }

    /// Whether the command's output equals the sequential scan's and the
    /// line-by-line reader's, which also agree on where each result is.
    private func identicalRow(size: String, path: String, outputs: [String]) -> String {
        let me = CommandLine.arguments[0]
        var differences: [String] = []
        for (query, output) in zip(Self.queries, outputs) {
            let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            var texts: [String: String] = [:]
            for mode in ["parallel", "sequential", "reader"] {
                let file = options.directory + "/check-\(query)-\(mode).txt"
                _ = Measure.spawn([me, "--check-results", mode, path, query], stdout: file)
                texts[mode] = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            }
            let shown = texts["sequential"]!.split(separator: "\n").filter { !$0.hasPrefix("#") }.joined(
                separator: "\n")
            if printed.trimmingCharacters(in: .newlines) != shown || printed.isEmpty {
                differences.append(
                    "\(query): the command printed \(printed.debugDescription), sequential \(shown.debugDescription)")
            }
            if texts["parallel"] != texts["sequential"] || texts["reader"] != texts["sequential"] {
                differences.append("\(query): parallel, sequential and reader disagree")
            }
        }
        return "| `streamtrace check`, \(size): results identical to the sequential scan and the line-by-line reader | "
            + (differences.isEmpty ? "yes" : "NO: " + differences.joined(separator: "; ")) + " | – | – |"
    }

    /// Child mode: evaluates one query as `check` does, read by `mode`
    /// (`parallel`, `sequential` or `reader`), and prints what `check`
    /// prints off a terminal, then `#` lines with where each result is.
    static func results(mode: String, path: String, query text: String) -> Int32 {
        do {
            let checker = TraceChecker(queries: [try Query(text)])
            let evaluations: TraceEvaluations
            if mode == "reader" {
                evaluations = try checker.evaluations(of: TraceReader(path: path))
            } else {
                let fd = open(path, O_RDONLY)
                defer { close(fd) }
                let options = mode == "parallel" ? TraceScanOptions() : TraceScanOptions(parallelism: 1)
                evaluations = try checker.evaluations(scanning: fd, name: path, options: options)
            }
            var lines: [String] = []
            var counts = (passed: 0, failed: 0)
            var locations: [String] = []
            for result in evaluations {
                if result.status == .pass {
                    counts.passed += 1
                    lines.append(result.output.map { "PASS  \(text)  \($0.text)" } ?? "PASS  \(text)")
                } else {
                    counts.failed += 1
                    lines.append("FAIL  \(text)  \(result.summary)")
                }
                locations.append("# \(text) at \(result.location.map { "\($0.index) \($0)" } ?? "nil")")
            }
            print((lines + ["\(counts.passed) passed, \(counts.failed) failed"] + locations).joined(separator: "\n"))
            return 0
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            return 3
        }
    }
}
