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
        func row(_ name: String, _ ours: [Double], _ base: [Double]) -> String {
            overheadRow(ours, base, events: count, name: name, goal: " (goal ≤ 40)")
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
        // The first row has a goal (issue 23, raised by issue 38): at least 10 M events/s.
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
                    + (rows.isEmpty ? " (goal ≥ 10M events/s, issue 38)" : "") + " |")
        }
        return rows
    }

    // MARK: Groups (issue 35)

    /// A writer whose events carry a group's `"seq"` against one without, and three recorders in a group against three
    /// of their own, fed from one thread and from two: each beside its baseline in the same rounds.
    func group() -> [String] {
        let count = events
        let folder = directory + "/recorder-client-group-\(getpid())"
        let (grouped, plain) = (folder + "/writer.jsonl", directory + "/recorder-client-plain-\(getpid()).jsonl")
        defer {
            unlink(grouped)
            unlink(plain)
            rmdir(folder)
        }
        let write = (
            seq: { Workloads.directoryWriter(count, directory: folder) },
            plain: { Workloads.traceWriter(count, path: plain) }
        )
        write.seq()
        write.plain()
        let bytes = (Workloads.fileSize(grouped), Workloads.fileSize(plain))
        let times = Self.rounds(rounds, [write.seq, write.plain])
        let (ours, base) = (typical(times[0]), typical(times[1]))
        let ratio = Self.median(zip(times[1], times[0]).map { $0 / $1 })
        var rows = [
            "| group: writer, `TraceWriter<Int, Never>` + a `TraceDirectory`'s sink (`\"seq\"`, the group's lock), "
                + "from that package (events/s, MB/s) vs + a plain `FileTraceSink` (no `\"seq\"`)\(statistic) | "
                + format("%.2fM events/s, %.0f MB/s", Double(count) / ours / 1e6, Double(bytes.0) / ours / 1e6) + " | "
                + format("%.2fM events/s, %.0f MB/s", Double(count) / base / 1e6, Double(bytes.1) / base / 1e6)
                + " | " + format("%.2f×", ratio) + " |"
        ]
        // The recorders keep every event (and the group's recording a copy of each): fewer events than the others.
        let recorded = min(count, 1_000_000)
        for threads in [1, 2] {
            let times = Self.rounds(
                rounds,
                [
                    { Workloads.threeRecorders(recorded, threads: threads, grouped: false) },
                    { Workloads.threeRecorders(recorded, threads: threads, grouped: true) },
                ])
            rows.append(overheadRow(times[1], times[0], events: recorded, name: groupName(threads, recorded)))
        }
        return rows
    }

    // MARK: Marbles (issue 36)

    /// A recorder of 200,000 hand-fed events read with a marble expectation that its first element decides, the
    /// failure's report made (what `expectMarbles` shows), against the same recorder fed and not read.
    func marbles() -> [String] {
        let count = 200_000
        let times = Self.rounds(rounds, [{ Workloads.recorder(count) }, { Workloads.recorderMarbles(count) }])
        let (ours, base) = (typical(times[1]), typical(times[0]))
        let overhead = fastest ? ours - base : Self.median(zip(times[0], times[1]).map { $1 - $0 })
        return [
            "| marbles: `recorder.marbles(\"-a\\|\").get()` and its failure's report, decided by the first of \(count) "
                + "hand-fed events, from that package (ms) vs the same recorder, fed and not read\(statistic) | "
                + format("%.2f ms", ours * 1e3) + " | " + format("%.2f ms", base * 1e3) + " | "
                + format("%+.3f ms", overhead * 1e3) + " |"
        ]
    }

    private func groupName(_ threads: Int, _ count: Int) -> String {
        "group: 3 `Recorder<Int, Never>` of a `StreamGroup`, \(format("%gM", Double(count) / 1e6)) values in turn from "
            + "\(threads == 1 ? "1 thread" : "\(threads) threads") (ns/event) vs 3 recorders of their own, the same loop"
    }

    /// A row of ns an event, ours beside the baseline, and the overhead: the median of the rounds' differences (the
    /// fastest rounds' difference with `--fastest`).
    private func overheadRow(
        _ ours: [Double], _ base: [Double], events count: Int, name: String, goal: String = ""
    ) -> String {
        func ns(_ seconds: [Double]) -> Double { typical(seconds) / Double(count) * 1e9 }
        let overhead =
            fastest ? ns(ours) - ns(base) : Self.median(zip(base, ours).map { ($1 - $0) / Double(count) * 1e9 })
        return "| \(name)\(statistic) | \(format("%.1f ns", ns(ours))) | \(format("%.1f ns", ns(base))) | "
            + "\(format("%+.1f ns an event", overhead))\(goal) |"
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
