import Foundation

/// The benchmark's command line. Unknown options and bad values are usage
/// errors (exit 2); `--help` prints the usage and exits 0.
struct BenchOptions {
    var directory = NSTemporaryDirectory()
    var sections: Set<String> = Set(BenchOptions.allSections)
    var events = 5_000_000
    var repeats = 5
    var checkSizes = [200, 2000]
    var jqMaxMegabytes = 200
    var fastreadSizes = [200, 2000]
    /// The trace size (MB) for the export rows: 1065 MB is 10 million lines.
    var exportSize = 1065
    /// `--show-diff-sizes MB,...`: the traces of the show and diff rows
    /// (default: 200 MB and the 10-million-line trace of `--export-size`).
    var showDiffSizes: [Int] { showDiffSizesGiven ?? [200, exportSize] }
    var showDiffSizesGiven: [Int]?
    /// `--generate MB`: only write the realistic trace of that size.
    var generate: Int?
    /// `--recorder-client PATH`: Benchmarks/RecorderClient's release
    /// binary, which measures the recorder, writer and group rows.
    var recorderClient: String?
    /// `--clock-client PATH`: Benchmarks/ClockClient's release binary,
    /// which measures the virtual clock's rows.
    var clockClient: String?
    /// `--clock-baseline PATH`: the same package built against the clock
    /// before issue 33, which those rows compare with.
    var clockBaseline: String?
    /// `--clock-baseline-label TEXT`: the baseline's commit, for the rows.
    var clockBaselineLabel = "the baseline commit"
    var help = false
    /// `--installed PATH`: the binary `make install` installs, for the ci,
    /// check, show and diff rows.
    var installed: String?

    /// The `streamtrace` the check, show and diff rows run: `--installed`'s
    /// when it is built (the Swift runtime linked in, as users run it: 3 ms
    /// less to start than the release build's, which loads the runtime's
    /// shared libraries), else the release build's.
    var cli: String {
        installed.flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil } ?? Measure.streamtrace
    }

    /// The row that says which ``cli`` the rows of `what` ran.
    func cliRow(_ what: String) -> String {
        let built = cli == Measure.streamtrace ? "the release build's" : "`make install`'s (Swift runtime linked in)"
        return "| \(what): the `streamtrace` run | \(built): \(cli) | – | – |"
    }

    static let allSections = [
        "recorder", "writer", "group", "clock", "check", "reader", "json", "ci", "html", "follow", "export", "values",
        "showdiff", "marbles", "shapes",
    ]

    static let usage = """
        usage: StreamTraceBenchmarks [options]

        Measures StreamTrace against baselines run in the same invocation and
        prints one Markdown table (`make bench`). Medians of --repeats runs.

        options:
          --dir DIR               where traces are generated and cached (default: the temporary directory)
          --only SECTIONS         comma-separated, of: \(allSections.joined(separator: ",")), fastread
                                  (default: all but fastread)
          --events N              events per recorder and writer run (default 5000000)
          --repeats N             runs of each measurement; medians are printed (default 5)
          --check-sizes MB,...    trace sizes for the check rows (default 200,2000)
          --export-size MB        trace size for the export rows (default 1065: 10 million lines)
          --show-diff-sizes MB,... trace sizes for the showdiff rows (default 200 and --export-size; jq on each)
          --quick-values          the values and showdiff rows only, once each, showdiff on 200 MB
                                  (a few minutes; the figures of a single round)
          --jq-max-mb N           run jq only on traces up to N MB (default 200: jq reads ~20 MB/s)
          --fastread-sizes MB,... trace sizes for --only fastread (default 200,2000)
          --installed PATH        the binary make install installs, for the ci rows (start-up, size)
          --quick-check           only the check rows, on the 200 MB trace, 3 rounds (make bench-check);
                                  later options override it
          --generate MB           write the realistic trace of MB megabytes into --dir, and exit
          --recorder-client PATH  Benchmarks/RecorderClient built in release, which measures the
                                  recorder, writer and group rows from a package that depends on StreamTrace
                                  (its --profile WORKLOAD runs one workload once, for valgrind)
          --clock-client PATH     Benchmarks/ClockClient built in release, which measures the clock rows
                                  (advance over 10,000 followed tasks, the README's debounce test under
                                  100 schedules) from a package that depends on StreamTrace
          --clock-baseline PATH   the same package built against the clock before issue 33
                                  (STREAMTRACE_BASELINE=1), run in the same rounds
          --clock-baseline-label TEXT  the baseline's commit, which the clock rows name
          -h, --help              print this and exit

        child modes (used by the benchmark itself):
          --read FILE             read a trace, building every value
          --scan FILE             read a trace, checking values only
          --summary parallel|sequential|nextHead finished|count FILE
          --check-results parallel|sequential|reader FILE QUERY
        """

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) throws(UsageError) -> BenchOptions {
        var options = BenchOptions()
        var rest = arguments[...]
        func value(_ name: String) throws(UsageError) -> String {
            guard let next = rest.popFirst() else { throw UsageError(description: "\(name) needs a value") }
            return next
        }
        func number(_ name: String) throws(UsageError) -> Int {
            let text = try value(name)
            guard let n = Int(text), n > 0 else { throw UsageError(description: "\(name): not a count: \(text)") }
            return n
        }
        func numbers(_ name: String) throws(UsageError) -> [Int] {
            let text = try value(name)
            let list = text.split(separator: ",").map { Int($0) }
            guard !list.isEmpty, list.allSatisfy({ ($0 ?? 0) > 0 }) else {
                throw UsageError(description: "\(name): not a list of sizes: \(text)")
            }
            return list.map { $0! }
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--dir": options.directory = try value(argument)
            case "--only":
                let names = try value(argument).split(separator: ",").map(String.init)
                let unknown = names.filter { !(allSections + ["fastread"]).contains($0) }
                guard unknown.isEmpty, !names.isEmpty else {
                    throw UsageError(description: "--only: unknown section \(unknown.first ?? "(none)")")
                }
                options.sections = Set(names)
            case "--events": options.events = try number(argument)
            case "--repeats": options.repeats = try number(argument)
            case "--check-sizes": options.checkSizes = try numbers(argument)
            case "--jq-max-mb": options.jqMaxMegabytes = try number(argument)
            case "--fastread-sizes": options.fastreadSizes = try numbers(argument)
            case "--export-size": options.exportSize = try number(argument)
            case "--show-diff-sizes": options.showDiffSizesGiven = try numbers(argument)
            case "--quick-values":
                options.sections = ["values", "showdiff"]
                options.repeats = 1
                options.showDiffSizesGiven = [200]
            case "--installed": options.installed = try value(argument)
            case "--quick-check": (options.sections, options.checkSizes, options.repeats) = (["check"], [200], 3)
            case "--generate": options.generate = try number(argument)
            case "--recorder-client": options.recorderClient = try value(argument)
            case "--clock-client": options.clockClient = try value(argument)
            case "--clock-baseline": options.clockBaseline = try value(argument)
            case "--clock-baseline-label": options.clockBaselineLabel = try value(argument)
            case "--help", "-h": options.help = true
            default: throw UsageError(description: "unknown option \(argument)")
            }
        }
        return options
    }
}
