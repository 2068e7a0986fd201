import Foundation

/// `show` and `diff` on the fast path (issue 23.2), in input MB per wall
/// second, on the realistic traces of `--show-diff-sizes` (default: 200 MB
/// and the 10-million-line trace of `--export-size`): `show FILE | cat`,
/// `show --format json`, `diff` with a byte-identical copy and with a copy
/// in which every value differs, each beside its bound, with GNU `diff`,
/// `cmp` and `jq -c .` run in the same rounds as references.
struct ShowDiffBench {
    let options: BenchOptions

    func rows() -> [String] {
        let cli = options.cli
        if let unbuilt = Measure.unbuilt("`show`, `diff`") { return unbuilt }
        return [options.cliRow("show and diff")] + options.showDiffSizes.flatMap { rows(megabytes: $0, cli: cli) }
    }

    /// The traces of one size: the trace, a byte-identical copy, and a copy
    /// in which every value differs (its numbers + 1), made once in `--dir`.
    private func traces(megabytes: Int) -> (path: String, copy: String, changed: String, mb: Double, lines: Int) {
        let path = options.directory + "/realistic-\(megabytes)MB.jsonl"
        let mb = Double(RealisticTrace.ensure(path: path, megabytes: megabytes)) / 1e6
        let lines = ExportBench.lines(of: path).count
        let copy = options.directory + "/realistic-\(megabytes)MB-copy.jsonl"
        if Measure.fileSize(copy) != Measure.fileSize(path) {
            try? FileManager.default.removeItem(atPath: copy)
            try? FileManager.default.copyItem(atPath: path, toPath: copy)
        }
        let changed = options.directory + "/realistic-\(megabytes)MB-plus1.jsonl"
        // Header, subscription, request and finished besides the values.
        RealisticTrace.ensure(path: changed, values: lines - 4, plus: 1)
        return (path, copy, changed, mb, lines)
    }

    private func rows(megabytes: Int, cli: String) -> [String] {
        let (path, copy, changed, mb, lines) = traces(megabytes: megabytes)
        // jq on every size (issue 23 asks for it beside show on both traces).
        let commands: [[String]] = [
            ["/bin/sh", "-c", "\"$0\" show \"$1\" | cat >/dev/null", cli, path],
            [cli, "show", "--format", "json", path], [cli, "diff", path, copy], [cli, "diff", path, changed],
            ["/usr/bin/env", "diff", path, copy], ["/usr/bin/env", "cmp", path, copy],
            ["/usr/bin/env", "diff", path, changed],
            ["/usr/bin/env", "jq", "-c", ".", path],
        ]
        let runs = ChildRuns(commands, rounds: options.repeats)
        let size = String(format: "%.0f MB, %.1fM lines", mb, Double(lines) / 1e6)
        func ours(_ index: Int, exits: Int32) -> String {
            let failed = runs.status(index) == exits ? "" : " (exit \(runs.status(index))!)"
            return "\(runs.rate(index, mb)), \(runs.memory(index)) peak\(failed)"
        }
        func reference(_ index: Int, _ name: String) -> String {
            runs.status(index) <= 1 ? "\(name) \(runs.rate(index, mb))" : "\(name) failed or is not installed"
        }
        let jq = reference(7, "`jq -c .`")
        return [
            "| `show FILE \\| cat >/dev/null`, \(size), bound 300 MB/s | \(ours(0, exits: 0)) | \(jq) | \(runs.ratio(7, 0)) |",
            "| `show --format json FILE`, \(size), bound 500 MB/s | \(ours(1, exits: 0)) | \(jq) | "
                + "\(runs.ratio(7, 1)) |",
            "| `diff FILE COPY` (byte-identical), \(size), bound: as fast as GNU `diff` | \(ours(2, exits: 0)) | "
                + "\(reference(4, "GNU `diff`")) | \(runs.ratio(4, 2)) |",
            "| `diff FILE COPY` (byte-identical), \(size), vs `cmp` | \(runs.rate(2, mb)) | \(reference(5, "`cmp`")) | "
                + "\(runs.ratio(5, 2)) |",
            "| `diff FILE CHANGED` (every value differs), \(size), bound 200 MB/s | \(ours(3, exits: 1)) | "
                + "\(reference(6, "GNU `diff`")) | \(runs.ratio(6, 3)) |",
        ]
    }
}
