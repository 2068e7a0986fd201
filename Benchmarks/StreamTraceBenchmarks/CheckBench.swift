import Foundation
import StreamTrace

/// `streamtrace check`, the real command, on generated traces of each size
/// (cached in `--dir`), for each query of issue 23 (`finished`, `count`, a
/// `next where` that matches nothing and its `not`, `every where`,
/// `elements`, `prefix 100000`, and a spec of ten queries), in the same
/// rounds as `wc -l`, `grep -c`, `cat` and, on small traces, `jq`, with
/// each peak memory beside the bound (32 MB and 3 times the longest line);
/// then the same results from the sequential scan and the line-by-line
/// reader, which must be identical.
struct CheckBench {
    let options: BenchOptions
    /// Each query as `check` is given it: one query, or `@` and a spec of
    /// several (``specQueries``, written into `--dir`).
    static let queries = [
        "finished", "count", #"next where contains {"name":"no-such-item"}"#,
        #"not next where contains {"name":"no-such-item"}"#, "every where != null", "elements", "prefix 100000",
        "@ten-queries.spec",
    ]
    /// The ten queries of issue 23's spec.
    static let specQueries = [
        "next", #"next where contains {"ok":true}"#, "prefix 3", "count > 0", "last", "elements",
        "every where != null", "finished within 1h", #"not next where == "none""#, "not finished",
    ]

    func rows() -> [String] {
        let cli = options.cli
        if let unbuilt = Measure.unbuilt("`streamtrace check`") { return unbuilt }
        _ = FileManager.default.createFile(
            atPath: options.directory + "/ten-queries.spec",
            contents: Data(Self.specQueries.joined(separator: "\n").utf8))
        var rows = [options.cliRow("check")]
        var jqRates: [String: (rate: Double, megabytes: Int)] = [:]
        for megabytes in options.checkSizes.sorted() {
            rows += self.rows(megabytes: megabytes, cli: cli, jqRates: &jqRates)
        }
        return rows
    }

    /// The command line of `check` for `query` on `path`.
    private func command(_ cli: String, _ path: String, _ query: String) -> [String] {
        query.hasPrefix("@")
            ? [cli, "check", "--spec", options.directory + "/" + query.dropFirst(), path]
            : [cli, "check", path, query]
    }

    private func rows(
        megabytes: Int, cli: String, jqRates: inout [String: (rate: Double, megabytes: Int)]
    ) -> [String] {
        let path = options.directory + "/realistic-\(megabytes)MB.jsonl"
        let mb = Double(RealisticTrace.ensure(path: path, megabytes: megabytes)) / 1e6
        Self.rewrite(path)
        let queries = Self.queries
        let outputs = queries.indices.map { options.directory + "/check-\($0).txt" }
        // Not into /dev/null: GNU grep stops at the first match when its output is /dev/null.
        let grepOutput = options.directory + "/grep-count.txt"
        // jq in the same rounds, on traces up to --jq-max-mb (it reads ~50 MB/s), for the queries it can do.
        let jqQueries = queries.filter { FastReadBench.jq[$0] != nil }
        let jq =
            megabytes <= options.jqMaxMegabytes
            ? jqQueries.map { ["/usr/bin/env", "jq", "-n", FastReadBench.jq[$0]!, path] } : []
        let runs = ChildRuns(
            queries.map { command(cli, path, $0) } + [
                ["/usr/bin/env", "wc", "-l", path], ["/usr/bin/env", "grep", "-c", #""event":"value""#, path],
                ["/usr/bin/env", "cat", path],
            ] + jq, rounds: options.repeats, stdout: outputs + [nil, grepOutput, nil] + jq.map { _ in nil })
        let size = String(format: "%.0f MB", mb)
        let (wc, grep, cat) = (queries.count, queries.count + 1, queries.count + 2)
        var rows: [String] = []
        for (index, query) in queries.enumerated() {
            let shown =
                query.hasPrefix("@")
                ? "--spec \(query.dropFirst()) TRACE` (\(Self.specQueries.count) queries)" : "TRACE \(query)`"
            let name = "`streamtrace check \(shown), \(size)"
            // finished fails (exit 1) on not finished, and next where on no match: as expected.
            let ours = "\(runs.rate(index, mb)), \(runs.memory(index)) peak, exit \(runs.status(index))"
            var baselines = [(wc, "`wc -l`"), (grep, #"`grep -c '"event":"value"'`"#)]
            if jqQueries.contains(query) { baselines.append((cat, "`cat`")) }
            for (baseline, label) in baselines {
                rows.append(
                    "| \(name), vs \(label) | \(ours) | \(runs.rate(baseline, mb)), \(runs.memory(baseline)) | "
                        + "\(runs.ratio(baseline, index)) |")
            }
            if let jqPosition = jqQueries.firstIndex(of: query) {
                let jqIndex = jq.isEmpty ? nil : queries.count + 3 + jqPosition
                rows.append(
                    jqRow(
                        name: name, ours: ours, runs: runs, (index, jqIndex), mb: mb, megabytes: megabytes,
                        rate: &jqRates[query]))
            }
        }
        rows.append(memoryRow(size: size, path: path, runs: runs))
        rows.append(identicalRow(size: size, path: path, outputs: outputs))
        return rows
    }

    /// Writes the trace at `path` anew (a copy, synced to disk, renamed over
    /// it) and reads it into the page cache: every run reads a file cached
    /// as it was just written, as a trace a test run just recorded is. A
    /// trace generated in an earlier run and cached since then, through
    /// hours of other work, was read 10-20% slower, by `check` and `grep`
    /// alike, by an amount that changed from run to run.
    static func rewrite(_ path: String) {
        _ = Measure.spawn([
            "/bin/sh", "-c", #"cp "$0" "$0.new" && sync "$0.new" && mv "$0.new" "$0" && cat "$0" > /dev/null"#, path,
        ])
    }

    /// Every query's largest peak beside issue 23's bound: 32 MB and three
    /// times the trace's longest line.
    private func memoryRow(size: String, path: String, runs: ChildRuns) -> String {
        let longest = Self.longestLine(path)
        let bound = 32 * 1024 + 3 * longest / 1024
        let peaks = Self.queries.indices.map { runs.peakKilobytes($0) }
        let worst = peaks.max() ?? 0
        return "| `streamtrace check`, \(size): every query's peak memory within 32 MB + 3 × the longest line "
            + "(\(longest) bytes) | " + String(format: "%.1f MB (largest)", Double(worst) / 1024) + " | "
            + String(format: "%.1f MB", Double(bound) / 1024) + " | " + (worst <= bound ? "yes" : "NO") + " |"
    }

    /// The length of the longest line of the file at `path`, in bytes.
    static func longestLine(_ path: String) -> Int {
        guard let file = fopen(path, "r") else { return 0 }
        defer { fclose(file) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var (longest, current) = (0, 0)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            guard count > 0 else { break }
            for byte in buffer[..<count] {
                if byte == 0x0A {
                    longest = max(longest, current)
                    current = 0
                } else {
                    current += 1
                }
            }
        }
        return max(longest, current)
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
        for (index, (query, output)) in zip(Self.queries, outputs).enumerated() {
            let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            let argument = query.hasPrefix("@") ? "@" + options.directory + "/" + query.dropFirst() : query
            var texts: [String: String] = [:]
            for mode in ["parallel", "sequential", "reader"] {
                let file = options.directory + "/check-\(index)-\(mode).txt"
                _ = Measure.spawn([me, "--check-results", mode, path, argument], stdout: file)
                texts[mode] = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            }
            let shown = texts["sequential"]!.split(separator: "\n").filter { !$0.hasPrefix("#") }.joined(
                separator: "\n")
            // The command's own text, for the queries whose report shows no cut value and no
            // timeline (the others, and a spec's aligned report, are compared by mode only).
            if FastReadBench.jq[query] != nil, printed.trimmingCharacters(in: .newlines) != shown || printed.isEmpty {
                differences.append(
                    "\(query): the command printed \(printed.prefix(200).debugDescription), "
                        + "sequential \(shown.prefix(200).debugDescription)")
            }
            if texts["parallel"] != texts["sequential"] || texts["reader"] != texts["sequential"] {
                differences.append("\(query): parallel, sequential and reader disagree")
            }
        }
        return "| `streamtrace check`, \(size): results identical to the sequential scan and the line-by-line reader | "
            + (differences.isEmpty ? "yes" : "NO: " + differences.joined(separator: "; ")) + " | – | – |"
    }

    /// Child mode: evaluates one query (or `@FILE`: a spec's queries, one
    /// a line) as `check` does, read by `mode` (`parallel`, `sequential` or
    /// `reader`), and prints what `check` prints off a terminal, then `#`
    /// lines with where each result is.
    static func results(mode: String, path: String, query argument: String) -> Int32 {
        do {
            let texts =
                argument.hasPrefix("@")
                ? try String(contentsOfFile: String(argument.dropFirst()), encoding: .utf8).split(separator: "\n")
                    .map(String.init) : [argument]
            let checker = TraceChecker(queries: try texts.map { try Query($0) })
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
            for (text, result) in zip(texts, evaluations.results) {
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
