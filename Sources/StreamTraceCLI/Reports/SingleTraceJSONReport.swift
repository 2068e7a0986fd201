import StreamTrace

/// `check --format json TRACE QUERY...` in version 1's format: one JSON document, written as the queries are decided,
/// `{"trace", "status", "results": [...], "passed", "failed"}`, a failed result with its `reason` too. A trace that
/// cannot be read prints nothing here (its error goes to standard error).
final class SingleTraceJSONReport: CheckReport {
    private var document = JSONOutput()
    private var results = 0
    private var wasRead = false

    func begin(_ trace: CheckedTrace) throws(OutputError) {
        wasRead = true
        document.append("{\"trace\":")
        document.write(string: trace.path)
        document.append(",\"status\":")
        document.write(string: trace.status.rawValue)
        document.append(",\"results\":[")
    }

    func add(_ result: QueryResult, of query: PlannedQuery, in trace: CheckedTrace, seconds: Double) throws(OutputError)
    {
        if results > 0 { document.append(",") }
        results += 1
        try CheckJSONReport.write(result, specLine: nil, withSpecLine: false, in: trace, to: &document)
        try Console.writeIfLarge(&document)
    }

    func end(_ trace: CheckedTrace, seconds: Double) throws(OutputError) {
        document.append("]")
    }

    func unreadable(_ path: String, _ error: TraceReadError) throws(OutputError) {}

    func unchecked(_ path: String) throws(OutputError) {}

    func finish(_ summary: CheckSummary) throws(OutputError) {
        guard wasRead else { return }
        document.append(",\"passed\":")
        document.write(int: Int64(summary.totals.passed))
        document.append(",\"failed\":")
        document.write(int: Int64(summary.totals.failed))
        document.append("}")
        try Console.out(bytes: document.bytes)
    }

    func abandon() {}
}
