import Foundation

/// `streamtrace check` on a trace of each value shape (``ShapeTrace``: Ints, small objects, long strings, deep
/// nesting), the smallest `--check-sizes` size (200 MB by default), for `finished`, `count` and a `not next where`
/// that matches nothing, in the same rounds as `wc -l` and `grep -c '"event":"value"'` on the same file (issue 38).
struct ShapeBench {
    let options: BenchOptions
    static let queries = ["finished", "count", #"not next where contains {"name":"no-such-item"}"#]

    func rows() -> [String] {
        if let unbuilt = Measure.unbuilt("`streamtrace check`") { return unbuilt }
        let megabytes = options.checkSizes.min() ?? 200
        return [options.cliRow("check")] + ShapeTrace.allCases.flatMap { rows(shape: $0, megabytes: megabytes) }
    }

    private func rows(shape: ShapeTrace, megabytes: Int) -> [String] {
        let path = options.directory + "/shape-\(shape.rawValue)-\(megabytes)MB.jsonl"
        let mb = Double(shape.ensure(path: path, megabytes: megabytes)) / 1e6
        CheckBench.rewrite(path)
        let queries = Self.queries
        // Not into /dev/null: GNU grep stops at the first match when its output is /dev/null.
        let outputs = queries.indices.map { options.directory + "/shape-check-\($0).txt" }
        let runs = ChildRuns(
            queries.map { [options.cli, "check", path, $0] } + [
                ["/usr/bin/env", "wc", "-l", path], ["/usr/bin/env", "grep", "-c", #""event":"value""#, path],
            ], rounds: options.repeats, stdout: outputs + [nil, options.directory + "/shape-grep-count.txt"])
        let (wc, grep) = (queries.count, queries.count + 1)
        let size = String(format: "%.0f MB", mb)
        return queries.enumerated().flatMap { index, query in
            let name = "`streamtrace check TRACE \(query)`, \(shape.rawValue), \(size)"
            let ours = "\(runs.rate(index, mb)), \(runs.memory(index)) peak, exit \(runs.status(index))"
            return [(wc, "`wc -l`"), (grep, #"`grep -c '"event":"value"'`"#)].map { baseline, label in
                "| \(name), vs \(label) | \(ours) | \(runs.rate(baseline, mb)), \(runs.memory(baseline)) | "
                    + "\(runs.ratio(baseline, index)) |"
            }
        }
    }
}
