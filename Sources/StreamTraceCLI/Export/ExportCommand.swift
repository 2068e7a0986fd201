import StreamTrace

/// `streamtrace export --format chrome|otlp PATH...`: Chrome Trace Event JSON (Perfetto) or OTLP/JSON (OpenTelemetry).
/// Each trace is read twice: every line checked and the trace summed up, then its events written as read.
enum ExportCommand {
    static func run(_ arguments: [String]) throws -> ExitStatus {
        let parsed = try ArgumentScanner(
            command: "export", valueOptions: ["--format", "--epoch", "--service"], flags: ["--help", "-h"]
        ).scan(arguments)
        if try parsed.printsHelp() { return .success }
        guard parsed.values["--format"] != nil else {
            throw CLIError.usage(
                "missing --format: export writes --format chrome or --format otlp", command: "export")
        }
        let format = try parsed.choice("--format", default: "chrome", of: ["chrome", "otlp"])
        try TracePaths.requireArguments(parsed)
        if format == "otlp" {
            try OTLPExport(parsed).write(parsed.positionals)
            return .success
        }
        for option in ["--epoch", "--service"] where parsed.values[option] != nil {
            throw CLIError.usage("\(option) is an option of --format otlp", command: "export")
        }
        try writeChrome(parsed.positionals)
        return .success
    }

    /// Chrome Trace Event JSON, the traces aligned as `show` aligns them.
    private static func writeChrome(_ paths: [String]) throws {
        let inputs = try TracePaths.entries(paths).map(\.path).map { path throws(TraceReadError) in
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
    }
}
