import Foundation

// The recorder and writer rows of `make bench`, measured from a package that
// depends on StreamTrace through its public API, in a release build.

let usage = """
    usage: RecorderClient [--events N] [--rounds N] [--fastest] [--dir DIR] [--only recorder,writer,group,marbles]
           RecorderClient --profile WORKLOAD [--events N] [--dir DIR]

    Prints Markdown table rows: each StreamTrace workload beside its bare
    baseline, run in the same rounds, medians of --rounds (default 5) rounds
    of --events (default 5000000) events; with --fastest, the fastest round
    (for a loaded machine: many short rounds, figures to call provisional).
    --profile runs one workload once, for valgrind --tool=callgrind:
    \(Profile.workloads.joined(separator: ", ")).
    """

struct Options {
    var events = 5_000_000
    var rounds = 5
    var directory = NSTemporaryDirectory()
    var sections: Set<String> = ["recorder", "writer", "group", "marbles"]
    var profile: String?
    var fastest = false

    static func parse(_ arguments: [String]) -> Options? {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--fastest" {
                options.fastest = true
                continue
            }
            guard let value = rest.popFirst() else { return nil }
            switch argument {
            case "--events": options.events = Int(value) ?? 0
            case "--rounds": options.rounds = Int(value) ?? 0
            case "--dir": options.directory = value
            case "--only": options.sections = Set(value.split(separator: ",").map(String.init))
            case "--profile": options.profile = value
            default: return nil
            }
        }
        let known = options.sections.isSubset(of: ["recorder", "writer", "group", "marbles"])
        let workload = options.profile.map(Profile.workloads.contains) ?? true
        return options.events > 0 && options.rounds > 0 && known && workload ? options : nil
    }
}

/// `--profile WORKLOAD`: one workload, once.
enum Profile {
    static let workloads = [
        "bare", "recorder", "async-bare", "async", "writer", "trace-writer", "writer-string", "writer-struct",
    ]

    static func run(_ workload: String, events: Int, directory: String) {
        let path = directory + "/recorder-client-profile-\(getpid()).jsonl"
        defer { unlink(path) }
        switch workload {
        case "bare": Workloads.bare(events)
        case "recorder": Workloads.recorder(events)
        case "async-bare": Workloads.asyncBare(CountingSequence(count: events))
        case "async": Workloads.asyncRecorded(CountingSequence(count: events))
        case "writer": Workloads.recorderWriting(events, path: path) { $0 }
        case "writer-string": Workloads.recorderWriting(events, path: path) { "item-\($0)" }
        case "writer-struct":
            Workloads.recorderWriting(events, path: path) {
                Workloads.SmallItem(id: $0, name: "name", score: Double($0) / 4)
            }
        default: Workloads.traceWriter(events, path: path)
        }
    }
}

guard let options = Options.parse(Array(CommandLine.arguments.dropFirst())) else {
    FileHandle.standardError.write(Data("RecorderClient: bad arguments\n\n\(usage)\n".utf8))
    exit(2)
}
if let workload = options.profile {
    Profile.run(workload, events: options.events, directory: options.directory)
    exit(0)
}
let rows = Rows(
    events: options.events, rounds: options.rounds, directory: options.directory, fastest: options.fastest)
if options.sections.contains("recorder") { print(rows.recorder().joined(separator: "\n")) }
if options.sections.contains("writer") { print(rows.writer().joined(separator: "\n")) }
if options.sections.contains("group") { print(rows.group().joined(separator: "\n")) }
if options.sections.contains("marbles") { print(rows.marbles().joined(separator: "\n")) }
