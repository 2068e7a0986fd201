import Dispatch
import Foundation

// The virtual clock's rows of `make bench` (issue 33): `advance` over many
// followed tasks and the README's debounce test under explored schedules,
// from a package that depends on StreamTrace through its public API, beside
// the same package built against the clock before issue 33.

let usage = """
    usage: ClockClient [--baseline PATH] [--baseline-label TEXT] [--rounds N] [--tasks N] [--schedules N]
           ClockClient --measure [--tasks N] [--schedules N]

    Prints Markdown table rows: each workload of this build beside the same
    workload of --baseline (this package built against the clock before
    issue 33, STREAMTRACE_BASELINE=1), a process each per round, the two
    run in the same rounds; medians of --rounds (default 5) rounds.
    --tasks (default 10000): the tasks asleep on the clock when advance
    runs. --schedules (default 100): the schedules the README's debounce
    test is explored under. --baseline-label: the baseline's commit, for the
    rows. --measure runs every workload once, after a warm-up, and prints
    its times (`time KEY WALL CPU`) for the rows.
    """

struct Options {
    var baseline: String?
    var label = "the baseline commit"
    var rounds = 5
    var tasks = 10_000
    var schedules = 100
    var measure = false

    static func parse(_ arguments: [String]) -> Options? {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--measure" {
                options.measure = true
                continue
            }
            guard let value = rest.popFirst() else { return nil }
            switch argument {
            case "--baseline": options.baseline = value
            case "--baseline-label": options.label = value
            case "--rounds": options.rounds = Int(value) ?? 0
            case "--tasks": options.tasks = Int(value) ?? 0
            case "--schedules": options.schedules = Int(value) ?? 0
            default: return nil
            }
        }
        return options.rounds > 0 && options.tasks > 0 && options.schedules > 1 ? options : nil
    }
}

guard let options = Options.parse(Array(CommandLine.arguments.dropFirst())) else {
    FileHandle.standardError.write(Data("ClockClient: bad arguments\n\n\(usage)\n".utf8))
    exit(2)
}
if options.measure {
    // A run that hangs ends the process (SIGALRM) rather than the benchmark.
    alarm(600)
    // Off the main actor, as a test's body runs (a nonisolated test): the
    // clock's tasks then run off the main queue, which this thread blocks.
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var lines: [String] = []
    Task.detached {
        lines = await Measurement.run(tasks: options.tasks, schedules: options.schedules)
        done.signal()
    }
    done.wait()
    print(lines.joined(separator: "\n"))
    exit(0)
}
let client = Bundle.main.executablePath ?? CommandLine.arguments[0]
let rounds = Rounds(
    client: client, baseline: options.baseline, label: options.label, rounds: options.rounds, tasks: options.tasks,
    schedules: options.schedules)
print(rounds.rows().joined(separator: "\n"))
