import StreamTrace

/// `check TRACE QUERY...` text in version 1's format: one line per query as it is decided, then `N passed, N failed`. A
/// trace that cannot be read prints nothing here (its error goes to standard error).
final class SingleTraceTextReport: CheckReport {
    private let quiet: Bool
    private let line: ResultLine
    private var wasRead = false

    init(plan: CheckPlan, quiet: Bool) {
        self.quiet = quiet
        line = ResultLine(queries: plan.declaredQueries)
    }

    func begin(_ trace: CheckedTrace) throws(OutputError) {
        wasRead = true
    }

    func add(_ result: QueryResult, of query: PlannedQuery, in trace: CheckedTrace, seconds: Double) throws(OutputError)
    {
        try line.print(result, quiet: quiet)
    }

    func end(_ trace: CheckedTrace, seconds: Double) throws(OutputError) {}

    func unreadable(_ path: String, _ error: TraceReadError) throws(OutputError) {}

    func unchecked(_ path: String) throws(OutputError) {}

    func finish(_ summary: CheckSummary) throws(OutputError) {
        if wasRead { try Console.out(summary.totals.closingLine) }
    }

    func abandon() {}
}
