import StreamTrace

/// `streamtrace show [options] TRACE`
enum ShowCommand {
    static func run(_ arguments: [String]) throws -> ExitStatus {
        let parsed = try ArgumentScanner(
            command: "show", valueOptions: ["--format", "--width", "--color"], flags: ["--help", "-h"]
        ).scan(arguments)
        if parsed.has("--help", "-h") {
            Console.out(Help.show)
            return .success
        }
        let format = try parsed.choice("--format", default: "text", of: ["text", "json"])
        _ = try parsed.choice("--color", default: "auto", of: ["auto", "always", "never"])
        var width = Console.width
        if let text = parsed.values["--width"] {
            guard let value = Int(text), value >= 20, value <= 10_000 else {
                throw CLIError.usage("--width must be a whole number from 20 to 10000; got '\(text)'", command: "show")
            }
            width = value
        }
        guard let path = parsed.positionals.first else {
            throw CLIError.usage("missing TRACE: the path of a trace, or - for standard input", command: "show")
        }
        guard parsed.positionals.count == 1 else {
            throw CLIError.usage("show takes one TRACE; unexpected '\(parsed.positionals[1])'", command: "show")
        }
        // Read whole first: a malformed trace prints nothing but its error.
        let trace = try Trace(contentsOf: path)
        for warning in trace.warnings { Console.error(warning.description) }
        switch format {
        case "json":
            let encoder = TraceLineEncoder<JSONValue, TraceFailure>()
            var line = JSONOutput()
            encoder.encode(trace.header, into: &line)
            Console.out(line.string)
            for event in trace.events {
                line.removeAll()
                encoder.encode(event, into: &line)
                Console.out(line.string)
            }
        default:
            Console.out(TraceTimeline(trace: trace, width: width).text)
        }
        return .success
    }
}
