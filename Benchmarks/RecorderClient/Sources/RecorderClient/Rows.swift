import Foundation

/// The rows this package adds to `make bench`'s table: every workload run
/// in the same rounds as its baseline, medians of the rounds.
struct Rows {
    let events: Int
    let rounds: Int
    let directory: String
    /// The fastest round instead of the median (`--fastest`): on a loaded
    /// machine, a round's time is as much the other work's as ours.
    var fastest = false

    /// The median of a measurement's rounds, or the fastest.
    func typical(_ values: [Double]) -> Double {
        fastest ? values.min() ?? 0 : Self.median(values)
    }

    /// What a row's figures are, when not medians.
    var statistic: String { fastest ? " (fastest of \(rounds) rounds, provisional)" : "" }

    // MARK: Recorder

    func recorder() -> [String] {
        let count = events
        let sequence = CountingSequence(count: count)
        let times = Self.rounds(
            rounds,
            [
                { Workloads.bare(count) }, { Workloads.recorder(count) },
                { Workloads.asyncBare(sequence) }, { Workloads.asyncRecorded(sequence) },
            ])
        func ns(_ seconds: [Double]) -> Double { typical(seconds) / Double(count) * 1e9 }
        func row(_ name: String, _ ours: [Double], _ base: [Double]) -> String {
            // The median of the rounds' differences; the fastest rounds' difference.
            let overhead =
                fastest ? ns(ours) - ns(base) : Self.median(zip(base, ours).map { ($1 - $0) / Double(count) * 1e9 })
            return "| \(name)\(statistic) | \(format("%.1f ns", ns(ours))) | \(format("%.1f ns", ns(base))) | "
                + "\(format("%+.1f ns an event", overhead)) (goal ≤ 40) |"
        }
        let events = format("%gM", Double(count) / 1e6)
        return [
            row(
                "recorder, hand-fed `Recorder<Int, Never>`, \(events) events from a package that depends on "
                    + "StreamTrace (ns/event) vs the same loop into a bare non-inlined consumer (lock + array)",
                times[1], times[0]),
            row(
                "`AsyncSequence.record()`, Int, from that package (ns/event) vs a bare `for await` into an array",
                times[3], times[2]),
        ]
    }

    // MARK: Writer

    func writer() -> [String] {
        let count = events
        let path = directory + "/recorder-client-\(getpid()).jsonl"
        defer { unlink(path) }
        // The first row has a goal (issue 23): at least 8 M events/s.
        let writers: [(String, () -> Void)] = [
            ("`Recorder<Int, Never>` + `FileTraceSink`", { Workloads.recorderWriting(count, path: path) { $0 } }),
            ("`TraceWriter<Int, Never>` + `FileTraceSink`", { Workloads.traceWriter(count, path: path) }),
            (
                "`Recorder<String, Never>` + `FileTraceSink`",
                { Workloads.recorderWriting(count, path: path) { "item-\($0)" } }
            ),
            (
                "`Recorder` of an `Encodable` struct + `FileTraceSink`",
                {
                    Workloads.recorderWriting(count, path: path) {
                        Workloads.SmallItem(id: $0, name: "name", score: Double($0) / 4)
                    }
                }
            ),
        ]
        var rows: [String] = []
        for (name, write) in writers {
            write()
            let bytes = Workloads.fileSize(path)
            let times = Self.rounds(rounds, [write, { Workloads.readyMadeLines(count, bytes: bytes, path: path) }])
            let ours = typical(times[0])
            let base = typical(times[1])
            let ratio = Self.median(zip(times[1], times[0]).map { $0 / $1 })
            rows.append(
                "| writer: \(name), from that package (events/s, MB/s) vs the same bytes as ready-made lines\(statistic) | "
                    + format("%.2fM events/s, %.0f MB/s", Double(count) / ours / 1e6, Double(bytes) / ours / 1e6)
                    + " | " + format("%.0f MB/s", Double(bytes) / base / 1e6) + " | " + format("%.2f×", ratio)
                    + (rows.isEmpty ? " (goal ≥ 8M events/s)" : "") + " |")
        }
        return rows
    }

    // MARK: Measuring

    /// Runs every body once per round, in order, for `rounds` rounds: a
    /// measurement and its baseline see the same load. Returns the seconds
    /// of each body (outer index) in each round (inner index).
    static func rounds(_ rounds: Int, _ bodies: [() -> Void]) -> [[Double]] {
        var times = Array(repeating: [Double](), count: bodies.count)
        for _ in 0..<rounds {
            for (index, body) in bodies.enumerated() { times[index].append(seconds(body)) }
        }
        return times
    }

    static func seconds(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

func format(_ pattern: String, _ values: CVarArg...) -> String {
    String(format: pattern, arguments: values)
}
