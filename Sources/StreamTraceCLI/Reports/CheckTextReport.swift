import StreamTrace

/// `check --spec` text: each trace's path and its results under it, the spec's sections that matched no trace, then
/// `N passed, N failed` (and `, N unchecked`). With `quiet`, only failures (under their path) and the closing line.
///
/// With `oneTrace`, `check TRACE QUERY...` in version 1's format: one line per query as it is decided, without the path,
/// then the closing line. A trace that cannot be read prints nothing here (its error goes to standard error).
final class CheckTextReport: CheckReport {
    private let quiet: Bool
    private let oneTrace: Bool
    private let line: ResultLine
    /// A path line not printed yet: printed before the trace's first line (with `quiet`, before its first failure).
    private var pendingHeader: String?

    init(plan: CheckPlan, quiet: Bool, oneTrace: Bool) {
        self.quiet = quiet
        self.oneTrace = oneTrace
        // The query column is as wide as the widest query given (`-e`, positional, the spec's).
        let queries = plan.everyTrace.map(\.query) + (plan.spec?.entries.map(\.query) ?? [])
        line = ResultLine(queries: queries, indent: oneTrace ? "" : "  ")
    }

    private func header(_ path: String? = nil) throws(OutputError) {
        if let path { pendingHeader = path }
        if let header = pendingHeader { try Console.out(header) }
        pendingHeader = nil
    }

    func begin(_ trace: CheckedTrace) throws(OutputError) {
        guard !oneTrace else { return }
        pendingHeader = trace.path
        if !quiet { try header() }
    }

    func add(_ result: QueryResult, of query: PlannedQuery, in trace: CheckedTrace, seconds: Double) throws(OutputError)
    {
        if result.status == .fail { try header() }
        try line.print(result, quiet: quiet)
    }

    func end(_ trace: CheckedTrace, seconds: Double) throws(OutputError) {
        pendingHeader = nil
    }

    func unreadable(_ path: String, _ error: TraceReadError) throws(OutputError) {
        guard !oneTrace else { return }
        try header(path)
        try Console.out("  ", .init("ERROR", colour: .red), "  \(error)")
    }

    func unchecked(_ path: String) throws(OutputError) {
        guard !quiet, !oneTrace else { return }
        try header(path)
        try Console.out("  ", .init("UNCHECKED", colour: .dim), "  no query applies to this trace")
    }

    func finish(_ summary: CheckSummary) throws(OutputError) {
        guard !oneTrace || summary.totals.unreadable == 0 else { return }
        let unmatched = summary.sections.filter { $0.traces == 0 }
        if let specFile = summary.specFile, !unmatched.isEmpty {
            try header(specFile)
            for section in unmatched {
                try Console.out(
                    "  ", .init("FAIL", colour: .red), "  \(section.written)  \(section.message) (line \(section.line))"
                )
            }
        }
        try Console.out(summary.totals.closingLine)
    }
}
