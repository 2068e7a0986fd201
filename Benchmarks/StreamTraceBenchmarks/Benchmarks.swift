import Foundation
import StreamTrace

/// The benchmark suite. Every StreamTrace number is printed beside a
/// baseline measured in the same run (in the same rounds, so that both see
/// the same load), as a ratio; numbers are medians over `repeats` rounds.
struct Benchmarks {
    let options: BenchOptions
    var directory: String { options.directory }

    func run() -> String {
        var rows = [
            "| benchmark | StreamTrace | baseline | ratio |",
            "|---|---|---|---|",
            "| machine | \(Measure.machine) | – | – |",
        ]
        let sections = options.sections
        for section in ["recorder", "writer", "group", "marbles"] where sections.contains(section) {
            rows += RecorderClientBench(options: options).rows(section)
        }
        if sections.contains("clock") { rows += ClockClientBench(options: options).rows() }
        if sections.contains("check") {
            rows += CheckBench(options: options).rows()
        }
        if sections.contains("marbles") { rows += MarblesBench(options: options).rows() }
        if sections.contains("shapes") { rows += ShapeBench(options: options).rows() }
        if sections.contains("reader") { rows += ReaderBench(options: options).readerRows() }
        if sections.contains("json") { rows += JSONBench(options: options).rows() }
        if sections.contains("export") { rows += ExportBench(options: options).rows() }
        if sections.contains("values") { rows += ValueBench(options: options).rows() }
        if sections.contains("showdiff") { rows += ShowDiffBench(options: options).rows() }
        if sections.contains("ci") {
            rows += CIBench(
                directory: directory, rounds: options.repeats, installed: options.installed,
                dynamic: Measure.streamtrace
            ).rows()
        }
        #if os(macOS) || os(Linux)
        if sections.contains("html") { rows += timelineRows() }
        if sections.contains("follow") { rows += followRows() }
        #endif
        rows.append("| machine, at the end | \(Measure.machine) | – | – |")
        return rows.joined(separator: "\n")
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
