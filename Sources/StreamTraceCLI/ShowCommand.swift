import StreamTrace

/// `streamtrace show [options] TRACE`
enum ShowCommand {
    static func run(_ arguments: [String]) throws -> ExitStatus {
        let parsed = try ArgumentScanner(
            command: "show", valueOptions: ["--format", "--width", "--color"], flags: ["--help", "-h"]
        ).scan(arguments)
        if parsed.has("--help", "-h") {
            try Console.out(Help.show)
            return .success
        }
        let format = try parsed.choice("--format", default: "text", of: ["text", "json"])
        _ = try parsed.choice("--color", default: "auto", of: ["auto", "always", "never"])
        var width = Console.width
        if let text = parsed.values["--width"] {
            guard let value = Int(text), value >= 1, value <= 10_000 else {
                throw CLIError.usage("--width must be a whole number from 1 to 10000; got '\(text)'", command: "show")
            }
            width = value
        }
        guard let path = parsed.positionals.first else {
            throw CLIError.usage("missing TRACE: the path of a trace, or - for standard input", command: "show")
        }
        guard parsed.positionals.count == 1 else {
            throw CLIError.usage("show takes one TRACE; unexpected '\(parsed.positionals[1])'", command: "show")
        }
        // Two passes: the first checks every line (a malformed trace prints
        // nothing but its error) and sums the trace up; the second prints
        // its events one at a time.
        let input = try TraceInput(path, passes: 2)
        let summary = try TraceSummary(reading: input.reader())
        for warning in summary.warnings { Console.error(warning.description) }
        switch format {
        case "json": try printJSON(input.reader())
        default: try printText(TraceTimeline(summary: summary, width: width), input.reader())
        }
        return .success
    }

    /// The summary, one row per event as it is read, then the diagram.
    private static func printText(_ timeline: TraceTimeline, _ reader: TraceReader) throws {
        for line in timeline.summaryLines { try Console.out(line) }
        try Console.out("")
        try Console.out(timeline.headerRow)
        var marble = timeline.makeMarble()
        var previous: Int64 = 0
        while let event = try reader.next() {
            try Console.out(timeline.row(event, previousTime: previous))
            marble.append(nanoseconds: event.nanoseconds, kind: event.event.kind)
            previous = event.nanoseconds
        }
        try Console.out("")
        for line in timeline.diagramLines(marble) { try Console.out(line) }
    }

    /// The trace again as normalized JSON Lines.
    private static func printJSON(_ reader: TraceReader) throws {
        let encoder = TraceLineEncoder<JSONValue, TraceFailure>()
        var line = JSONOutput()
        encoder.encode(reader.header, into: &line)
        try Console.out(bytes: line.bytes)
        while let event = try reader.next() {
            line.removeAll()
            encoder.encode(event, into: &line)
            try Console.out(bytes: line.bytes)
        }
    }
}
