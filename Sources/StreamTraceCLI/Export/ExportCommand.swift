import StreamTrace

/// `streamtrace export --format chrome PATH...`: Chrome Trace Event JSON,
/// for Perfetto and chrome://tracing. Each trace is read twice: summaries
/// first (every line checked before anything is written), then each trace's
/// events, written as they are read.
enum ExportCommand {
    static func run(_ arguments: [String]) throws -> ExitStatus {
        let parsed = try ArgumentScanner(command: "export", valueOptions: ["--format"], flags: ["--help", "-h"])
            .scan(arguments)
        if parsed.has("--help", "-h") {
            try Console.out(Help.export)
            return .success
        }
        guard parsed.values["--format"] != nil else {
            throw CLIError.usage("missing --format: export writes --format chrome", command: "export")
        }
        _ = try parsed.choice("--format", default: "chrome", of: ["chrome"])
        guard !parsed.positionals.isEmpty else {
            throw CLIError.usage(
                "missing PATH: a trace, a directory of traces, or - for standard input", command: "export")
        }
        guard parsed.positionals.count(where: { $0 == "-" }) <= 1 else {
            throw CLIError.usage("standard input (-) can be read only once", command: "export")
        }
        let inputs = try TracePaths.expand(parsed.positionals).map { path throws(TraceReadError) in
            try TraceInput(path, passes: 2)
        }
        let lanes = try MergedTraces.summaries(of: inputs)
        let alignment = TraceAlignment(headers: lanes.map(\.summary.header))
        try Console.write(bytes: ChromeTrace.opening)
        for (index, input) in inputs.enumerated() {
            try ChromeTrace.writeEvents(
                of: input.reader(), lane: lanes[index], index: index, alignment: alignment,
                to: { try Console.write(bytes: $0) })
        }
        try Console.write(bytes: ChromeTrace.closing)
        return .success
    }
}
