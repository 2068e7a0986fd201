import Foundation
import StreamTrace

// `make bench`: one release run that measures StreamTrace against baselines
// run in the same invocation, and prints a Markdown table. See `--help`.

let arguments = Array(CommandLine.arguments.dropFirst())

/// The child modes the benchmark spawns: they run before option parsing.
func runChildMode(_ arguments: [String]) -> Int32? {
    switch (arguments.first, arguments.count) {
    case ("--read", 2): return Benchmarks.readTrace(arguments[1], decode: true)
    case ("--scan", 2): return Benchmarks.readTrace(arguments[1], decode: false)
    case ("--summary", 4):
        return FastReadBench.summary(mode: arguments[1], query: arguments[2], path: arguments[3])
    case ("--check-results", 4):
        return CheckBench.results(mode: arguments[1], path: arguments[2], query: arguments[3])
    default: return nil
    }
}

if let status = runChildMode(arguments) { exit(status) }

let options: BenchOptions
do {
    options = try BenchOptions.parse(arguments)
} catch {
    FileHandle.standardError.write(Data("StreamTraceBenchmarks: \(error)\n\n\(BenchOptions.usage)\n".utf8))
    exit(2)
}
if options.help {
    print(BenchOptions.usage)
    exit(0)
}

try FileManager.default.createDirectory(atPath: options.directory, withIntermediateDirectories: true)
if let size = options.generate {
    print(RealisticTrace.ensure(path: options.directory + "/realistic-\(size)MB.jsonl", megabytes: size))
    exit(0)
}
if options.sections.contains("fastread") {
    print(
        FastReadBench(
            directory: options.directory, sizes: options.fastreadSizes, runs: options.repeats,
            jqMaxMegabytes: options.jqMaxMegabytes
        ).run())
    exit(0)
}
print(Benchmarks(options: options).run())
