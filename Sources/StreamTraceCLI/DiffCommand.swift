import StreamTrace

/// `streamtrace diff [options] EXPECTED ACTUAL`
enum DiffCommand {
    static func run(_ arguments: [String]) throws -> ExitStatus {
        let parsed = try ArgumentScanner(
            command: "diff", valueOptions: ["--tolerance", "--limit"],
            flags: ["--ignore-time", "--quiet", "-q", "--help", "-h"]
        ).scan(arguments)
        if parsed.has("--help", "-h") {
            try Console.out(Help.diff)
            return .success
        }
        var time = TimeComparison.exact
        if let text = parsed.values["--tolerance"] {
            guard let tolerance = TimeComparison.tolerance(parsing: text) else {
                throw CLIError.usage(
                    "--tolerance needs a duration like 5ms or 1.5s (units: ns, us, ms, s, m); got '\(text)'",
                    command: "diff")
            }
            time = tolerance
        }
        if parsed.has("--ignore-time") {
            guard parsed.values["--tolerance"] == nil else {
                throw CLIError.usage("--ignore-time and --tolerance cannot be used together", command: "diff")
            }
            time = .ignored
        }
        var limit = 20
        if let text = parsed.values["--limit"] {
            guard let value = Int(text), value >= 1 else {
                throw CLIError.usage("--limit must be a whole number of at least 1; got '\(text)'", command: "diff")
            }
            limit = value
        }
        guard parsed.positionals.count == 2 else {
            let problem =
                parsed.positionals.count < 2
                ? "missing \(parsed.positionals.isEmpty ? "EXPECTED and ACTUAL" : "ACTUAL"): the paths of two traces"
                : "diff takes two traces; unexpected '\(parsed.positionals[2])'"
            throw CLIError.usage(problem, command: "diff")
        }
        let (expectedPath, actualPath) = (parsed.positionals[0], parsed.positionals[1])
        guard expectedPath != "-" || actualPath != "-" else {
            throw CLIError.usage("only one of EXPECTED and ACTUAL can be - (standard input)", command: "diff")
        }
        let inputs = (try TraceInput(expectedPath), try TraceInput(actualPath))
        let (expected, actual) = (try inputs.0.reader(), try inputs.1.reader())
        let comparison = try TraceComparison(expected: expected, actual: actual, time: time, limit: limit)
        for warning in expected.warnings + actual.warnings { Console.error(warning.description) }
        if comparison.matches || parsed.has("--quiet", "-q") {
            try Console.out(comparison.summary)
        } else {
            try Console.out(comparison.report)
        }
        return comparison.matches ? .success : .failures
    }
}
