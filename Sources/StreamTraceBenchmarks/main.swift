import Foundation
import StreamTrace

// `make bench`: one release run that measures StreamTrace against baselines
// run in the same invocation, and prints a Markdown table.
//
//   StreamTraceBenchmarks [--dir DIR] [--megabytes N] [--events N] [--only recorder,writer,reader,cli]
//   StreamTraceBenchmarks --read FILE      (child mode: read a trace, building values)
//   StreamTraceBenchmarks --scan FILE      (child mode: read a trace, checking values only)

let arguments = Array(CommandLine.arguments.dropFirst())

func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

if let file = option("--read") {
    exit(Benchmarks.readTrace(file, decode: true))
}
if let file = option("--scan") {
    exit(Benchmarks.readTrace(file, decode: false))
}

let directory = option("--dir") ?? NSTemporaryDirectory()
let megabytes = Int(option("--megabytes") ?? "200") ?? 200
let events = Int(option("--events") ?? "2000000") ?? 2_000_000
try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
let sections = Set((option("--only") ?? "recorder,writer,reader,cli").split(separator: ",").map(String.init))
let table = Benchmarks(directory: directory, megabytes: megabytes, events: events, sections: sections).run()
print(table)
