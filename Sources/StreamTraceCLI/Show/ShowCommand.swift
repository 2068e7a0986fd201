import StreamTrace

/// `streamtrace show [options] PATH...`
enum ShowCommand {
    /// The narrowest layout: on a narrower terminal (or `--width`), lines are laid out 40 columns wide and the terminal
    /// wraps them, so the header and the status are never cut to nothing.
    static let minimumWidth = 40

    static func run(_ arguments: [String]) throws -> ExitStatus {
        let parsed = try ArgumentScanner(
            command: "show", valueOptions: ["--format", "--width", "--color", "--title"],
            flags: ["--help", "-h", "--follow", "-f"]
        ).scan(arguments)
        if try parsed.printsHelp() { return .success }
        let format = try parsed.choice("--format", default: "text", of: ["text", "json", "html"])
        _ = try parsed.choice("--color", default: "auto", of: ["auto", "always", "never"])
        // The terminal's width unless given; at least ``minimumWidth``.
        let width = max(try parsed.number("--width", in: 1...10_000) ?? Console.width, minimumWidth)
        try TracePaths.requireArguments(parsed)
        let paths = try TracePaths.entries(parsed.positionals).map(\.path)
        if parsed.has("--follow", "-f") {
            guard paths.count == 1, format == "text" else {
                throw CLIError.usage("--follow shows one trace, as text", command: "show")
            }
            return try FollowedTrace.show(paths[0], width: width)
        }
        switch format {
        case "html":
            try TimelinePageOutput.write(paths, arguments: parsed.positionals, title: parsed.values["--title"])
        case "json":
            guard paths.count == 1 else {
                throw CLIError.usage(
                    "--format json shows one trace; for several, use text or html, or export --format chrome",
                    command: "show")
            }
            try showJSON(paths[0])
        default:
            if paths.count == 1 {
                try showText(paths[0], width: width)
            } else {
                try MergedTraces.show(paths, width: width)
            }
        }
        return .success
    }

    /// Two passes: the first checks every line (a malformed trace prints only its error) and sums the trace up; the
    /// second prints the summary, a row per event, then the diagram. Both read a regular file in blocks on every core.
    private static func showText(_ path: String, width: Int) throws {
        let input = try TraceInput(path, passes: 2)
        let summary = try summary(of: input)
        let timeline = TraceTimeline(summary: summary, width: width)
        for line in timeline.summaryLines { try Console.out(line) }
        try Console.out("")
        try Console.out(timeline.headerRow)
        var rows = TimelineRows(timeline: timeline)
        let fd = try input.openDescriptor()
        defer { _ = SystemCall.close(fd) }
        _ = try TraceScan.read(fileDescriptor: fd, name: input.name, into: &rows)
        if let failure = rows.failure { throw failure }
        try Console.out("")
        for line in timeline.diagramLines(rows.marble) { try Console.out(line) }
    }

    /// The first pass: the summary, its warnings written; a stream is read as it comes and copied for the second.
    static func summary(of input: TraceInput) throws -> TraceSummary {
        let summary: TraceSummary
        if input.isStream {
            summary = try TraceSummary(reading: input.reader())
        } else {
            let fd = try input.openDescriptor()
            defer { _ = SystemCall.close(fd) }
            summary = try TraceSummary.scan(fileDescriptor: fd, name: input.name)
        }
        for warning in summary.warnings { Console.error(warning.description) }
        return summary
    }

    /// The trace again as normalized JSON Lines: the header, then each event, read as ``showText(_:width:)`` does.
    private static func showJSON(_ path: String) throws {
        let input = try TraceInput(path, passes: 2)
        let summary = try summary(of: input)
        var header = JSONOutput()
        TraceLineEncoder<JSONValue, TraceFailure>().encode(summary.header, into: &header)
        try Console.out(bytes: header.bytes)
        var lines = JSONLines()
        let fd = try input.openDescriptor()
        defer { _ = SystemCall.close(fd) }
        _ = try TraceScan.read(fileDescriptor: fd, name: input.name, into: &lines)
        if let failure = lines.failure { throw failure }
    }
}
