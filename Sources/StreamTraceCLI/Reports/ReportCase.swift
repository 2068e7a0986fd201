/// One test as the CI formats see it: a query against a trace, a spec section, or a pair of traces compared.
struct ReportCase {
    enum Verdict {
        /// Passed; `detail` is the value it passed with, if any.
        case pass(detail: String?)
        /// Failed: a stable kind (``FailureKind``), one line, and the whole explanation (which may hold more lines).
        case fail(kind: String, message: String, explanation: String)
        /// Could not be run: the trace could not be read.
        case error(kind: String, message: String)
        /// Not run: no query applies to the trace.
        case skipped(reason: String)
    }

    /// The query, the section or the pair.
    var name: String
    var verdict: Verdict
    /// Where an annotation points: the query's line in the spec, or the trace and the line of the deciding event.
    var file: String?
    var line: Int?
    var seconds: Double = 0
}

/// A report in a CI format, fed case by case, suite by suite (a trace, the spec's sections, or a `diff`'s pairs).
protocol CaseReport: RunReport {
    /// Whether it shows a passing case's detail (the value it passed with, which may be long and read back from a
    /// temporary file): if not, the case is given none.
    var showsPassDetail: Bool { get }
    func begin(suite: String) throws(OutputError)
    func add(_ item: ReportCase) throws(OutputError)
    /// Ends the suite begun last; `seconds` is how long it took.
    func end(seconds: Double) throws(OutputError)
    /// Something wrong that does not fail the run (a truncated trace).
    func warning(file: String, line: Int, message: String) throws(OutputError)
    /// Ends the report; `closingLine` is the run's `N passed, N failed`.
    func finish(closingLine: String) throws(OutputError)
}

extension CaseReport {
    var showsPassDetail: Bool { false }
    func end(seconds: Double) {}
    func warning(file: String, line: Int, message: String) {}
}

/// The CI reports a command's options ask for, in this order: with `--format github`, the annotations, and when
/// `GITHUB_STEP_SUMMARY` names a file, the step summary appended to it; with `--xunit-output FILE`, JUnit XML.
func caseReports(
    _ parsed: ArgumentScanner.Parsed, github: Bool, command: String, columns: (suite: String, name: String)
) throws(OutputError) -> [any CaseReport] {
    var reports: [any CaseReport] = []
    if github {
        reports.append(GitHubReport())
        if let summary = Environment.path("GITHUB_STEP_SUMMARY") {
            reports.append(try StepSummaryReport(path: summary, title: "streamtrace \(command)", columns: columns))
        }
    }
    if let path = parsed.values["--xunit-output"] { reports.append(try JUnitReport(path: path)) }
    return reports
}
