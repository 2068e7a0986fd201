import Foundation
import StreamTrace

// `make bench`: one release run that measures StreamTrace against baselines
// run in the same invocation, and prints a Markdown table.
//
//   StreamTraceBenchmarks [--dir DIR] [--megabytes N] [--events N] [--only recorder,writer,reader,cli,ci]
//                         [--installed PATH]   (ci: the binary make install installs)
//   StreamTraceBenchmarks --read FILE      (child mode: read a trace, building values)
//   StreamTraceBenchmarks --scan FILE      (child mode: read a trace, checking values only)
//   StreamTraceBenchmarks --only fastread [--fastread-sizes 200,2000] [--runs 3]
//                                      (TraceScan vs nextHead vs wc -l, cat, grep -c, jq)
//   StreamTraceBenchmarks --summary parallel|sequential|nextHead finished|count FILE   (child mode)

let arguments = Array(CommandLine.arguments.dropFirst())

func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

if let file = option("--read") {
    exit(Benchmarks.readTrace(file, decode: true))
}
if let index = arguments.firstIndex(of: "--summary"), index + 3 < arguments.count {
    exit(FastReadBench.summary(mode: arguments[index + 1], query: arguments[index + 2], path: arguments[index + 3]))
}
if let file = option("--scan") {
    exit(Benchmarks.readTrace(file, decode: false))
}

let directory = option("--dir") ?? NSTemporaryDirectory()
let megabytes = Int(option("--megabytes") ?? "200") ?? 200
let events = Int(option("--events") ?? "2000000") ?? 2_000_000
try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
let sections = Set((option("--only") ?? "recorder,writer,reader,cli,ci").split(separator: ",").map(String.init))
if let size = option("--generate").flatMap({ Int($0) }) {
    // Only writes the realistic trace of that many MB (as --only fastread does).
    print(RealisticTrace.ensure(path: directory + "/realistic-\(size)MB.jsonl", megabytes: size))
    exit(0)
}
if sections.contains("fastread") {
    let sizes = (option("--fastread-sizes") ?? "200,2000").split(separator: ",").compactMap { Int($0) }
    print(FastReadBench(directory: directory, sizes: sizes, runs: Int(option("--runs") ?? "3") ?? 3).run())
    exit(0)
}
let table = Benchmarks(
    directory: directory, megabytes: megabytes, events: events, sections: sections, installed: option("--installed")
).run()
print(table)
