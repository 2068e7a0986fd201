import StreamTrace

/// `check --spec --format json`: one JSON document, written as the traces are checked:
///
///     {"traces":[{"path":"a.jsonl","status":"finished","results":[…]}, …],
///      "spec":"ci.spec","sections":[{"glob":"a*","line":3,"traces":1,"status":"pass"}],
///      "passed":N,"failed":N,"unchecked":N}
///
/// A trace's `status` is how it ends (`finished`, `failed`, `open`, `cancelled`, `truncated`), or `unreadable` (its one
/// result says why), or `unchecked`. A failure's `reason` is its `RecordingError.Reason`, or a ``FailureKind``.
///
/// With `oneTrace`, `check --format json TRACE QUERY...` in version 1's format: `{"trace", "status", "results": [...],
/// "passed", "failed"}`, its results without `specLine`. A trace that cannot be read prints nothing here (its error goes
/// to standard error).
final class CheckJSONReport: CheckReport {
    private let oneTrace: Bool
    private var document = JSONOutput()
    private var traces = 0
    private var results = 0

    init(oneTrace: Bool) {
        self.oneTrace = oneTrace
        if !oneTrace { document.append("{\"traces\":[") }
    }

    func begin(_ trace: CheckedTrace) throws(OutputError) {
        try open(trace.path, status: trace.status.rawValue)
    }

    func add(_ result: QueryResult, of query: PlannedQuery, in trace: CheckedTrace, seconds: Double) throws(OutputError)
    {
        if results > 0 { document.append(",") }
        results += 1
        try write(result, specLine: query.specLine, in: trace)
        try Console.writeIfLarge(&document)
    }

    func end(_ trace: CheckedTrace, seconds: Double) throws(OutputError) {
        document.append(oneTrace ? "]" : "]}")
    }

    func unreadable(_ path: String, _ error: TraceReadError) throws(OutputError) {
        guard !oneTrace else { return }
        try open(path, status: "unreadable")
        document.append(
            "{\"query\":null,\"specLine\":null,\"status\":\"fail\",\"reason\":", string: FailureKind.unreadable)
        document.append(",\"message\":", string: error.description)
        document.append(",\"line\":", int: error.line > 0 ? error.line : nil)
        document.append(",\"column\":", int: error.column > 0 ? error.column : nil)
        document.append("}]}")
    }

    func unchecked(_ path: String) throws(OutputError) {
        guard !oneTrace else { return }
        try open(path, status: "unchecked")
        document.append("]}")
    }

    func finish(_ summary: CheckSummary) throws(OutputError) {
        if oneTrace {
            guard traces > 0 else { return }
        } else {
            document.append("],\"spec\":", string: summary.specFile)
            document.append(",\"sections\":", array: summary.sections) { document, section in
                document.append("{\"glob\":", string: section.glob)
                document.append(",\"line\":", int: section.line)
                document.append(",\"traces\":", int: section.traces)
                if section.traces > 0 {
                    document.append(",\"status\":\"pass\"}")
                } else {
                    document.append(",\"status\":\"fail\",\"reason\":", string: FailureKind.noTraceMatched)
                    document.append(",\"message\":", string: section.message)
                    document.append("}")
                }
            }
        }
        document.append(",\"passed\":", int: summary.totals.passed)
        document.append(",\"failed\":", int: summary.totals.failed)
        if !oneTrace { document.append(",\"unchecked\":", int: summary.totals.unchecked) }
        document.append("}")
        try Console.out(bytes: document.bytes)
        document.removeAll()
    }

    /// `{"path":…,"status":…,"results":[` (`"trace"` with `oneTrace`), after a comma if needed.
    private func open(_ path: String, status: String) throws(OutputError) {
        if traces > 0 { document.append(",") }
        traces += 1
        results = 0
        document.append(oneTrace ? "{\"trace\":" : "{\"path\":", string: path)
        document.append(",\"status\":", string: status)
        document.append(",\"results\":[")
        try Console.writeIfLarge(&document)
    }

    /// One result: `{"query", ["specLine",] "status", "value" | "reason", "message", "timeline", ["trace",] "line",
    /// "t"}`, `"trace"` for a group's, the member file of the deciding event. Values
    /// are written as the trace holds them, without being decoded: whole, read again from the trace when the pass kept
    /// only their start; from standard input or a FIFO, their first elements (at most 1 MiB), and `"truncated":true`.
    private func write(_ result: QueryResult, specLine: Int?, in trace: CheckedTrace) throws(OutputError) {
        document.append("{\"query\":", string: result.query.text)
        if !oneTrace { document.append(",\"specLine\":", int: specLine) }
        document.append(",\"status\":", string: result.status.rawValue)
        if let failure = result.failure {
            document.append(",\"reason\":", string: failure.reason.rawValue)
            document.append(",\"message\":", string: failure.message)
            document.append(",\"timeline\":", string: failure.timeline?.description ?? "")
        } else {
            document.append(",\"value\":")
            try writeValue(of: result, in: trace)
        }
        // In a group, the member file the deciding event is in.
        if let file = result.file { document.append(",\"trace\":", string: file) }
        document.append(",\"line\":", int: result.location?.line)
        document.append(",\"t\":", int: result.location.map { Int($0.nanoseconds) })
        document.append("}")
    }

    /// A passing result's value (see ``write(_:specLine:in:)``).
    private func writeValue(of result: QueryResult, in trace: CheckedTrace) throws(OutputError) {
        if let place = result.outputPlace {
            // Written from its place a piece at a time, as `JSONOutput.append(safeJSON:)` writes it.
            return try Console.forEachPiece(of: place) { piece throws(OutputError) in
                document.append(safeJSON: piece)
                try Console.writeIfLarge(&document)
            }
        }
        guard let partial = result.partialOutput else {
            if let output = result.output { document.append(safeJSON: output.bytes) } else { document.append("null") }
            return
        }
        if let path = trace.rereadablePath, let fd = try? TraceInput(path).openDescriptor() {
            defer { _ = SystemCall.close(fd) }
            try Console.write(bytes: document.bytes)
            document.removeAll()
            var failure: OutputError?
            let wrote =
                (try? partial.writeWhole(readingAgain: fd, name: trace.path) { bytes in
                    do throws(OutputError) { try Console.write(bytes: bytes) } catch { failure = error }
                    return failure == nil
                }) != nil
            if let failure { throw failure }
            if wrote { return }
        }
        document.append(safeJSON: partial.keptValue.bytes)
        document.append(",\"truncated\":true")
    }
}
