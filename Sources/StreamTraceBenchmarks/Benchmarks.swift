import Foundation
import StreamTrace

/// The benchmark suite. Every StreamTrace number is printed beside a
/// baseline measured in the same run (in the same rounds, so that both see
/// the same load), as a ratio; numbers are medians over `repeats` rounds.
struct Benchmarks {
    let options: BenchOptions
    var directory: String { options.directory }
    var events: Int { options.events }
    var repeats: Int { options.repeats }

    func run() -> String {
        var rows = [
            "| benchmark | StreamTrace | baseline | ratio |",
            "|---|---|---|---|",
            "| machine | \(Measure.machine) | – | – |",
        ]
        let sections = options.sections
        if sections.contains("recorder") { rows += recorderRows() }
        if sections.contains("writer") { rows += writerRows() }
        if sections.contains("check") {
            rows += CheckBench(options: options).rows()
        }
        if sections.contains("reader") { rows += ReaderBench(options: options).readerRows() }
        if sections.contains("export") { rows += ExportBench(options: options).rows() }
        if sections.contains("ci") {
            rows += CIBench(directory: directory, installed: options.installed, dynamic: Measure.streamtrace).rows()
        }
        #if os(macOS) || os(Linux)
        if sections.contains("html") { rows += timelineRows() }
        if sections.contains("follow") { rows += followRows() }
        #endif
        rows.append("| machine, at the end | \(Measure.machine) | – | – |")
        return rows.joined(separator: "\n")
    }

    // MARK: Recorder

    func recorderRows() -> [String] {
        let count = events
        let sequence = CountingSequence(count: count)
        let times = Measure.rounds(
            repeats,
            [
                { Workloads.bare(count) }, { Workloads.recorder(count) },
                { Workloads.asyncBare(sequence) }, { Workloads.asyncRecorded(sequence) },
                { Workloads.clockReads(count) },
            ])
        func ns(_ seconds: [Double]) -> Double { Measure.median(seconds) / Double(count) * 1e9 }
        func overhead(_ base: [Double], _ ours: [Double]) -> Double {
            Measure.median(zip(base, ours).map { ($1 - $0) / Double(count) * 1e9 })
        }
        func row(_ name: String, _ ours: [Double], _ base: [Double]) -> String {
            "| \(name) | " + String(format: "%.1f ns", ns(ours)) + " | " + String(format: "%.1f ns", ns(base))
                + " | " + String(format: "+%.1f ns an event", overhead(base, ours)) + " |"
        }
        return [
            row(
                "recorder, hand-fed `Recorder<Int, Never>` (ns/event) vs a bare subscriber (lock + array)", times[1],
                times[0]),
            row("`AsyncSequence.record()`, Int (ns/event) vs a bare `for await` into an array", times[3], times[2]),
            "| of which: one read of `ContinuousClock` (`clock_gettime`), which stamps each event | "
                + String(format: "%.1f ns", ns(times[4])) + " | – | – |",
        ]
    }

    // MARK: Writer

    func writerRows() -> [String] {
        let count = events
        let path = directory + "/writer.jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
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
            let times = Measure.rounds(repeats, [write, { Workloads.readyMadeLines(count, bytes: bytes, path: path) }])
            let ours = Measure.median(times[0])
            let base = Measure.median(times[1])
            rows.append(
                "| writer: \(name) (events/s, MB/s) vs the same bytes as ready-made lines | "
                    + String(
                        format: "%.2fM events/s, %.0f MB/s", Double(count) / ours / 1e6, Double(bytes) / ours / 1e6)
                    + " | " + String(format: "%.0f MB/s", Double(bytes) / base / 1e6) + " | "
                    + String(format: "%.2f×", Measure.ratio(times[1], times[0])) + " |")
        }
        return rows
    }

    /// Child mode: reads a whole trace and prints how many events it holds;
    /// with `decode`, builds every value too.
    static func readTrace(_ path: String, decode: Bool) -> Int32 {
        do {
            let reader = try TraceReader(path: path)
            var values = 0
            if decode {
                while let event = try reader.next() {
                    if case .value = event.event { values += 1 }
                }
            } else {
                while let head = try reader.nextHead() {
                    if head.kind == .value { values += 1 }
                }
            }
            print("\(reader.eventCount) events, \(values) values, \(reader.status)")
            return 0
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            return 3
        }
    }
}
