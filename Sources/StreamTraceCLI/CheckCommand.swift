import StreamTrace

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `streamtrace check [options] TRACE QUERY...`
enum CheckCommand {
    static func run(_ arguments: [String]) throws -> ExitStatus {
        let parsed = try ArgumentScanner(
            command: "check", valueOptions: ["--spec", "--format", "--color"], flags: ["--quiet", "-q", "--help", "-h"]
        ).scan(arguments)
        if parsed.has("--help", "-h") {
            try Console.out(Help.check)
            return .success
        }
        let format = try parsed.choice("--format", default: "text", of: ["text", "json"])
        Console.palette = Palette(mode: try parsed.choice("--color", default: "auto", of: ["auto", "always", "never"]))
        guard let tracePath = parsed.positionals.first else {
            throw CLIError.usage("missing TRACE: the path of a trace, or - for standard input", command: "check")
        }
        var queries: [Query] = []
        for (number, text) in parsed.positionals.dropFirst().enumerated() {
            guard CommandLineArguments.bytes(of: text) == nil else {
                throw CLIError.usage("query \(number + 1) is not UTF-8 text: \(text)", command: "check")
            }
            do {
                queries.append(try Query(text))
            } catch {
                throw CLIError.query(error, number: number + 1)
            }
        }
        if let spec = parsed.values["--spec"] { queries += try SpecFile.queries(at: spec) }
        guard !queries.isEmpty else {
            throw CLIError.usage("no queries: give at least one QUERY, or --spec FILE", command: "check")
        }

        // A query with `within` may need to read the trace again for its failure's timeline.
        let windowed = queries.contains { $0.within != nil }
        let input = try TraceInput(tracePath, passes: windowed ? 2 : 1)
        let reopen: (() throws -> TraceReader)? = windowed ? { try input.reader() } : nil
        let fd = try input.openDescriptor()
        defer { close(fd) }
        let results = try TraceChecker(queries: queries).evaluations(scanning: fd, name: input.name, reopen: reopen)
        for warning in results.warnings { Console.error(warning.description) }
        let counts: CheckResultCounts
        switch format {
        case "json": counts = try CheckJSONOutput(trace: tracePath == "-" ? "<stdin>" : tracePath).print(results)
        default:
            counts = try CheckTextOutput(queries: queries, quiet: parsed.has("--quiet", "-q")).print(results)
        }
        return counts.failed == 0 ? .success : .failures
    }
}

/// How many queries passed and failed: all a run keeps of its results.
struct CheckResultCounts {
    var passed = 0
    var failed = 0

    mutating func count(_ result: QueryResult) {
        if result.status == .pass { passed += 1 } else { failed += 1 }
    }
}

/// `check`'s text: one line per query as it is decided (PASS with its
/// value, or FAIL with why), then `N passed, N failed`.
struct CheckTextOutput {
    let quiet: Bool
    /// The query column: as wide as the widest query, at most 32.
    let queryWidth: Int
    /// The terminal's width, or no limit off a terminal.
    let width: Int?

    init(queries: [Query], quiet: Bool) {
        self.quiet = quiet
        queryWidth = min(queries.map { TerminalText.width(TerminalText.escaped($0.text)) }.max() ?? 0, 32)
        width = Console.isTerminal ? Console.width : nil
    }

    func print(_ results: TraceEvaluations) throws(OutputError) -> CheckResultCounts {
        var counts = CheckResultCounts()
        for result in results {
            counts.count(result)
            try print(result)
        }
        try Console.out("\(counts.passed) passed, \(counts.failed) failed")
        return counts
    }

    private func print(_ result: QueryResult) throws(OutputError) {
        let query = TerminalText.escaped(result.query.text)
        let column = TextLayout.padded(query, to: queryWidth)
        guard result.status == .pass else {
            try Console.out(.init("FAIL", colour: .red), "  \(column)  \(result.summary)")
            return
        }
        guard !quiet else { return }
        guard let output = result.output else {
            try Console.out(.init("PASS", colour: .green), "  \(query)")
            return
        }
        try Console.out(
            .init("PASS", colour: .green), "  \(column)  \(value(output, after: 6 + TerminalText.width(column) + 2))")
    }

    /// The value, cut to what is left of a terminal's line (never to fewer
    /// than 8 columns); off a terminal, whole (it can be the whole trace).
    private func value(_ output: RawJSON, after used: Int) -> String {
        guard let width else { return output.text }
        let room = max(width - used, 8)
        return TextLayout.truncated(TerminalText.escaped(ValueText.prefix(output, columns: room)), to: room)
    }
}

/// `check --format json`: one JSON document, written as the queries are
/// decided: `{"trace", "status", "results": [...], "passed", "failed"}`.
/// Values are written as the trace holds them, without being decoded.
struct CheckJSONOutput {
    let trace: String

    func print(_ results: TraceEvaluations) throws(OutputError) -> CheckResultCounts {
        var document = JSONOutput()
        document.append("{\"trace\":")
        document.write(string: trace)
        document.append(",\"status\":")
        document.write(string: results.status.rawValue)
        document.append(",\"results\":[")
        var counts = CheckResultCounts()
        for result in results {
            if counts.passed + counts.failed > 0 { document.append(",") }
            counts.count(result)
            write(result, to: &document)
            if document.bytes.count > 1 << 16 {
                try Console.write(bytes: document.bytes)
                document.removeAll()
            }
        }
        document.append("],\"passed\":")
        document.write(int: Int64(counts.passed))
        document.append(",\"failed\":")
        document.write(int: Int64(counts.failed))
        document.append("}")
        try Console.out(bytes: document.bytes)
        return counts
    }

    private func write(_ result: QueryResult, to document: inout JSONOutput) {
        document.append("{\"query\":")
        document.write(string: result.query.text)
        document.append(",\"status\":")
        document.write(string: result.status.rawValue)
        if let failure = result.failure {
            document.append(",\"message\":")
            document.write(string: failure.message)
            document.append(",\"timeline\":")
            document.write(string: failure.timeline?.description ?? "")
        } else {
            document.append(",\"value\":")
            if let output = result.output { document.append(safeJSON: output.bytes) } else { document.append("null") }
        }
        document.append(",\"line\":")
        if let line = result.location?.line { document.write(int: Int64(line)) } else { document.append("null") }
        document.append(",\"t\":")
        if let location = result.location { document.write(int: location.nanoseconds) } else { document.append("null") }
        document.append("}")
    }
}
