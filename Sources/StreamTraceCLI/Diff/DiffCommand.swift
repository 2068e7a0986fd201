import StreamTrace

/// `streamtrace diff [options] EXPECTED ACTUAL`: two traces, or two directories of traces (golden-trace folders).
enum DiffCommand {
    static func run(_ arguments: [String]) throws -> ExitStatus {
        let parsed = try ArgumentScanner(
            command: "diff", valueOptions: ["--tolerance", "--limit", "--format", "--xunit-output", "--jobs"],
            flags: ["--ignore-time", "--quiet", "-q", "--help", "-h"]
        ).scan(arguments)
        if try parsed.printsHelp() { return .success }
        let format = try parsed.choice("--format", default: "text", of: ["text", "json", "github"])
        let (time, limit) = try comparison(parsed)
        let jobs = try parsed.number("--jobs", in: 1...1024) ?? Jobs.cores
        let (expected, actual) = try inputs(parsed)
        let directories = [expected, actual].map {
            $0 != "-" && TraceFinder.isDirectory(CommandLineArguments.pathBytes($0))
        }
        guard directories[0] == directories[1] else {
            throw CLIError.usage(
                "EXPECTED and ACTUAL must both be traces or both be directories; "
                    + "\(directories[0] ? expected : actual) is a directory", command: "diff")
        }
        let pairs =
            directories[0]
            ? DiffPair.pairs(expectedDirectory: expected, actualDirectory: actual)
            : [DiffPair(name: TraceInput.name(of: actual), expected: expected, actual: actual)]
        let quiet = parsed.has("--quiet", "-q")
        var reports: [any DiffReport] = []
        switch format {
        case "json": reports.append(DiffJSONReport(expected: expected, actual: actual))
        case "text": reports.append(DiffTextReport(quiet: quiet, onePair: !directories[0]))
        default: break
        }
        let suite = "\(expected) vs \(actual)"
        let ci = try caseReports(parsed, github: format == "github", command: "diff", columns: ("traces", "trace"))
        reports += try ci.map { try DiffCaseReport($0, suite: suite) }
        let folders = directories[0] ? (expected, actual) : nil
        let totals = try run(pairs, time: time, limit: limit, jobs: jobs, reports: reports, folders: folders)
        return ExitStatus(unreadable: totals.unreadable, failed: totals.failed)
    }

    /// Pairs compared on `jobs` threads, reported in path order to every report. A pair that cannot be read is reported
    /// (its error on standard error too) and the others go on. Two `folders` recorded as groups then have the order
    /// across their streams compared and reported (``DiffOrder``).
    private static func run(
        _ pairs: [DiffPair], time: TimeComparison, limit: Int, jobs: Int, reports: [any DiffReport],
        folders: (expected: String, actual: String)?
    ) throws(OutputError) -> DiffTotals {
        var totals = DiffTotals()
        var compared: [DiffPair] = []
        do throws(OutputError) {
            try OrderedWork.run(
                count: pairs.count, threads: jobs, window: 4 * jobs,
                work: { DiffOutcome.comparing(pairs[$0], time: time, limit: limit) },
                deliver: { (index, outcome) throws(OutputError) in
                    totals.count(outcome)
                    switch outcome {
                    case .unreadable(let error): Console.error(error.description)
                    case .compared(_, let warnings):
                        compared.append(pairs[index])
                        for warning in warnings { Console.error(warning.description) }
                    case .onlyInExpected, .onlyInActual, .ordered: break
                    }
                    for report in reports { try report.add(pairs[index], outcome) }
                })
            // Once every trace was read: the traces only one folder has are left out.
            if let folders, totals.unreadable == 0,
                let (order, outcome) = DiffOrder.compare(
                    compared, expectedDirectory: folders.expected, actualDirectory: folders.actual, time: time)
            {
                totals.count(outcome)
                if case .unreadable(let error) = outcome { Console.error(error.description) }
                for report in reports { try report.add(order, outcome) }
            }
            for report in reports { try report.finish(totals) }
        } catch {
            for report in reports { report.abandon() }
            throw error
        }
        return totals
    }

    /// How times are compared, and how many differences are printed.
    private static func comparison(_ parsed: ArgumentScanner.Parsed) throws(CLIError) -> (TimeComparison, Int) {
        var time = TimeComparison.exact
        if let text = parsed.values["--tolerance"] {
            guard let tolerance = TimeComparison.tolerance(parsing: text) else {
                throw .usage(
                    "--tolerance needs a duration like 5ms or 1.5s (units: ns, us, ms, s, m, h); got '\(text)'",
                    command: "diff")
            }
            time = tolerance
        }
        if parsed.has("--ignore-time") {
            guard parsed.values["--tolerance"] == nil else {
                throw .usage("--ignore-time and --tolerance cannot be used together", command: "diff")
            }
            time = .ignored
        }
        return (time, try parsed.number("--limit", in: 1...Int.max) ?? 20)
    }

    private static func inputs(_ parsed: ArgumentScanner.Parsed) throws(CLIError) -> (String, String) {
        guard parsed.positionals.count == 2 else {
            let problem =
                parsed.positionals.count < 2
                ? "missing \(parsed.positionals.isEmpty ? "EXPECTED and ACTUAL" : "ACTUAL"): the paths of two traces"
                : "diff takes two traces; unexpected '\(parsed.positionals[2])'"
            throw .usage(problem, command: "diff")
        }
        let (expected, actual) = (parsed.positionals[0], parsed.positionals[1])
        guard expected != "-" || actual != "-" else {
            throw .usage("only one of EXPECTED and ACTUAL can be - (standard input)", command: "diff")
        }
        return (expected, actual)
    }
}
