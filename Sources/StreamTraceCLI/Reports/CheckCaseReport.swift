import StreamTrace

/// `check`'s results as CI cases (``CaseReport``): a suite per trace, a case per query; an unreadable trace is a suite
/// with one error, an unchecked one a skipped case; the spec's sections one named after the spec file.
final class CheckCaseReport: CheckReport {
    private let report: any CaseReport
    private let specFile: String?

    init(_ report: any CaseReport, specFile: String?) {
        self.report = report
        self.specFile = specFile
    }

    func begin(_ trace: CheckedTrace) throws(OutputError) {
        try report.begin(suite: trace.path)
        for warning in trace.warnings {
            try report.warning(file: trace.path, line: warning.line, message: warning.message)
        }
    }

    func add(_ result: QueryResult, of query: PlannedQuery, in trace: CheckedTrace, seconds: Double) throws(OutputError)
    {
        // An annotation points at the query's line in the spec, or else at the deciding event (in a group, in the
        // member's file).
        let (file, line) =
            query.specLine.map { (specFile, $0) } ?? (result.file ?? trace.path, result.location?.line)
        // A value over 64 KiB is read back only for a report that shows it.
        let detail = report.showsPassDetail ? result.output?.text ?? result.partialOutput?.text : nil
        var item = ReportCase(
            name: query.query.text, verdict: .pass(detail: detail), file: file, line: line, seconds: seconds)
        if let failure = result.failure {
            let explanation = failure.explanation + (failure.details.map { "\n" + $0 } ?? "")
            item.verdict = .fail(
                kind: failure.reason.rawValue, message: failure.summary, explanation: explanation)
        }
        try report.add(item)
    }

    func end(_ trace: CheckedTrace, seconds: Double) throws(OutputError) {
        try report.end(seconds: seconds)
    }

    func unreadable(_ path: String, _ error: TraceReadError) throws(OutputError) {
        try report.begin(suite: path)
        try report.add(
            ReportCase(
                name: "reading the trace", verdict: .error(kind: FailureKind.unreadable, message: error.description),
                file: path, line: error.line > 0 ? error.line : nil))
        try report.end(seconds: 0)
    }

    func unchecked(_ path: String) throws(OutputError) {
        try report.begin(suite: path)
        try report.add(
            ReportCase(name: "no query applies", verdict: .skipped(reason: "unchecked: no query applies to this trace"))
        )
        try report.end(seconds: 0)
    }

    func finish(_ summary: CheckSummary) throws(OutputError) {
        if let specFile, !summary.sections.isEmpty {
            try report.begin(suite: specFile)
            for section in summary.sections {
                let verdict: ReportCase.Verdict =
                    section.traces > 0
                    ? .pass(detail: section.message)
                    : .fail(kind: FailureKind.noTraceMatched, message: section.message, explanation: section.message)
                try report.add(
                    ReportCase(name: section.written, verdict: verdict, file: specFile, line: section.line))
            }
            try report.end(seconds: 0)
        }
        try report.finish(closingLine: summary.totals.closingLine)
    }

    func abandon() {
        report.abandon()
    }
}
