import Foundation

/// Huge values (issue 21.1): `check`, `show` and `diff` on one value of
/// 10^4 and of 10^6 keys (and elements), in the same rounds, their time
/// ratio beside the bound of 150× (linear would be 100×); and their peak
/// memory on traces of values of 1 MiB and of 15 MiB beside the bound,
/// 32 MB + 3 × the longest line. `--only values` runs just these rows.
struct ValueBench {
    let options: BenchOptions

    /// A trace of values of one shape: `count` members each, `values` of
    /// them; `plus` added to every number (a copy in which every value
    /// differs). Cached in `--dir`.
    struct Shape {
        var object: Bool
        var count: Int
        var values = 1
        var plus = 0

        var name: String {
            "values-\(object ? "object" : "array")-\(count)x\(values)\(plus == 0 ? "" : "-plus\(plus)").jsonl"
        }

        /// `{"0":0,"1":1,…,"a":10,…}` (hexadecimal keys: not in byte order,
        /// so the canonical form sorts them) or `[0,1,…]`.
        func write(to path: String) {
            guard !FileManager.default.fileExists(atPath: path) else { return }
            guard let file = fopen(path + ".partial", "w") else { fatalError("cannot write \(path)") }
            var out = Array(#"{"streamtrace":1,"stream":"huge values"}"#.utf8) + [0x0A]
            for value in 0..<values {
                out += Array(#"{"t":\#(value + 1),"event":"value","value":"#.utf8)
                out.append(object ? UInt8(ascii: "{") : UInt8(ascii: "["))
                for i in 0..<count {
                    if i > 0 { out.append(UInt8(ascii: ",")) }
                    if object { out += Array("\"\(String(i, radix: 16))\":".utf8) }
                    out += Array(String(i + plus + value).utf8)
                    if out.count > 1 << 20 {
                        fwrite(out, 1, out.count, file)
                        out.removeAll(keepingCapacity: true)
                    }
                }
                out += Array((object ? "}}" : "]}").utf8) + [0x0A]
            }
            out += Array(#"{"t":\#(values + 1),"event":"finished"}"#.utf8) + [0x0A]
            fwrite(out, 1, out.count, file)
            fclose(file)
            rename(path + ".partial", path)
        }
    }

    func rows() -> [String] {
        let cli = Measure.streamtrace
        if let unbuilt = Measure.unbuilt("huge values") { return unbuilt }
        return growthRows(cli: cli) + memoryRows(cli: cli)
    }

    private func path(_ shape: Shape) -> String {
        let path = options.directory + "/" + shape.name
        shape.write(to: path)
        return path
    }

    /// The commands a shape is measured with: check (a query that reads
    /// values), show, diff with itself and with a copy in which every
    /// value differs.
    private func commands(_ shape: Shape, cli: String) -> [(String, [String])] {
        var changed = shape
        changed.plus = 1
        let (trace, other) = (path(shape), path(changed))
        let query = shape.object ? #"next where contains {"7":7}"# : "next where contains 7"
        return [
            ("`check TRACE '\(query)'`", [cli, "check", trace, query]), ("`show TRACE`", [cli, "show", trace]),
            ("`show --format json TRACE`", [cli, "show", "--format", "json", trace]),
            ("`diff TRACE TRACE`", [cli, "diff", trace, trace]),
            ("`diff TRACE COPY` (every value differs)", [cli, "diff", trace, other]),
        ]
    }

    /// Time at 10^6 members beside time at 10^4, each command in the same
    /// rounds.
    private func growthRows(cli: String) -> [String] {
        var rows: [String] = []
        for object in [true, false] {
            let small = commands(Shape(object: object, count: 10_000), cli: cli)
            let large = commands(Shape(object: object, count: 1_000_000), cli: cli)
            let runs = ChildRuns(small.map(\.1) + large.map(\.1), rounds: options.repeats)
            let noun = object ? "one object of 10^6 keys" : "one array of 10^6 elements"
            for (index, (name, _)) in small.enumerated() {
                let (base, ours) = (runs.seconds(index), runs.seconds(small.count + index))
                rows.append(
                    "| growth: \(name), \(noun) vs 10^4 (time ratio, bound 150×) | "
                        + String(format: "%.3f s, ", ours) + runs.memory(small.count + index) + " peak | "
                        + String(format: "%.3f s", base) + " | " + String(format: "%.0f×", ours / base) + " |")
            }
        }
        return rows
    }

    /// `check`'s other queries on huge values: those that keep no value,
    /// one whose matcher rejects every value (its failure shows the first
    /// and the last in full), `last` (which passes with a whole value) and
    /// issue 23's spec of ten queries (its text report writes whole values).
    private func checkCommands(_ trace: String, cli: String) -> [(String, [String])] {
        let spec = options.directory + "/ten-queries.spec"
        _ = FileManager.default.createFile(
            atPath: spec, contents: Data(CheckBench.specQueries.joined(separator: "\n").utf8))
        return ["finished", "count", "next", "next where == 5", "last"].map { query in
            ("`check TRACE '\(query)'`", [cli, "check", trace, query])
        } + [
            ("`check --spec ten-queries.spec TRACE`", [cli, "check", "--spec", spec, trace]),
            (
                "`check --format json --spec ten-queries.spec TRACE`",
                [cli, "check", "--format", "json", "--spec", spec, trace]
            ),
            (
                "`check --spec ten-queries.spec - < TRACE` (a stream: long values spooled)",
                ["/bin/sh", "-c", #"exec "$0" check --spec "$1" - < "$2""#, cli, spec, trace]
            ),
        ]
    }

    /// Peak memory on three values of 1 MiB and of 15 MiB each (objects),
    /// and on fifteen of 11.9 MB (a 183 MB trace), beside 32 MB + 3 × the
    /// longest line.
    private func memoryRows(cli: String) -> [String] {
        var rows: [String] = []
        // 13 to 15 bytes a member: 1 MiB is 81,000 keys, 15 MiB 1,060,000, 11.9 MB 800,000.
        for (label, members, values) in [("1 MiB", 81_000, 3), ("15 MiB", 1_060_000, 3), ("11.9 MB", 800_000, 15)] {
            let shape = Shape(object: true, count: members, values: values)
            let longest = ExportBench.lines(of: path(shape)).longest
            let bound = 32 + 3 * Double(longest) / (1024 * 1024)
            let list = commands(shape, cli: cli) + checkCommands(path(shape), cli: cli)
            let runs = ChildRuns(list.map(\.1), rounds: 1)
            for (index, (name, _)) in list.enumerated() {
                let failed = [0, 1].contains(runs.status(index)) ? "" : " (exit \(runs.status(index))!)"
                rows.append(
                    "| peak: \(name), \(values == 3 ? "three" : "\(values)") values of \(label) (\(longest) B lines), "
                        + "bound 32 MB + 3 × line | "
                        + runs.memory(index) + failed + " | " + String(format: "%.1f MB", bound) + " | "
                        + (Double(runs.peakKilobytes(index)) / 1024 <= bound ? "within" : "**OVER**") + " |")
            }
        }
        return rows
    }
}
