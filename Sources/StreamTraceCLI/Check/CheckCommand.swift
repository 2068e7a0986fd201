import StreamTrace

/// `streamtrace check [options] TRACE QUERY...` (one trace), or `--spec FILE PATH...` / `-e QUERY PATH...` (CI).
enum CheckCommand {
    static func run(_ arguments: [String]) throws -> ExitStatus {
        let parsed = try ArgumentScanner(
            command: "check", valueOptions: ["--spec", "--format", "--color", "--jobs", "--xunit-output"],
            flags: ["--quiet", "-q", "--group", "--help", "-h"], repeatable: ["-e"]
        ).scan(arguments)
        if try parsed.printsHelp() { return .success }
        let format = try parsed.choice("--format", default: "text", of: ["text", "json", "github"])
        Console.palette = Palette(mode: try parsed.choice("--color", default: "auto", of: ["auto", "always", "never"]))
        let jobs = try parsed.number("--jobs", in: 1...1024) ?? Jobs.cores
        let manyTraces = parsed.values["--spec"] != nil || parsed.lists["-e"] != nil || parsed.has("--group")
        let plan = try manyTraces ? planForPaths(parsed) : planForOneTrace(parsed)
        try plan.checkStreams()
        let quiet = parsed.has("--quiet", "-q")
        var reports: [any CheckReport] = []
        switch format {
        case "json": reports.append(CheckJSONReport(oneTrace: !manyTraces))
        case "text": reports.append(CheckTextReport(plan: plan, quiet: quiet, oneTrace: !manyTraces))
        default: break
        }
        let ci = try caseReports(parsed, github: format == "github", command: "check", columns: ("trace", "query"))
        reports += ci.map { CheckCaseReport($0, specFile: plan.spec?.file) }
        let totals = try CheckRun(plan: plan, jobs: jobs, reports: reports).run()
        return ExitStatus(unreadable: totals.unreadable, failed: totals.failed)
    }

    /// `check TRACE QUERY...`: the first positional is the trace, the others are queries.
    private static func planForOneTrace(_ parsed: ArgumentScanner.Parsed) throws(CLIError) -> CheckPlan {
        guard let trace = parsed.positionals.first else {
            throw .usage("missing TRACE: the path of a trace, or - for standard input", command: "check")
        }
        let queries = try parse(Array(parsed.positionals.dropFirst()))
        guard !queries.isEmpty else {
            throw .usage("no queries: give at least one QUERY, or --spec FILE", command: "check")
        }
        return CheckPlan(trace: trace, queries: queries)
    }

    /// `check --spec FILE PATH...` or `check -e QUERY PATH...`: each positional is a trace, `-` or a directory of them
    /// (with `--group`, a directory is one group).
    private static func planForPaths(_ parsed: ArgumentScanner.Parsed) throws(CLIError) -> CheckPlan {
        let queries = try parse(parsed.lists["-e"] ?? [])
        let spec = try parsed.values["--spec"].map { path throws(CLIError) in try SpecFile.read(at: path) }
        guard !queries.isEmpty || !(spec?.entries.isEmpty ?? true) || !(spec?.sections.isEmpty ?? true) else {
            throw .usage("no queries: give -e QUERY, or a --spec FILE that holds some", command: "check")
        }
        guard !parsed.positionals.isEmpty else {
            throw .usage(
                "missing PATH: a trace, a directory of traces (every *.jsonl below it), or - for standard input",
                command: "check")
        }
        return CheckPlan(paths: parsed.positionals, queries: queries, spec: spec, groups: parsed.has("--group"))
    }

    /// Queries given as arguments, numbered from 1 in messages.
    private static func parse(_ texts: [String]) throws(CLIError) -> [Query] {
        try texts.enumerated().map { number, text throws(CLIError) in
            guard CommandLineArguments.bytes(of: text) == nil else {
                throw .usage("query \(number + 1) is not UTF-8 text: \(text)", command: "check")
            }
            do throws(QueryParseError) {
                return try Query(text)
            } catch {
                throw .query(error, number: number + 1)
            }
        }
    }
}
