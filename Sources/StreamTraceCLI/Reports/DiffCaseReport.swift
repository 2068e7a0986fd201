import StreamTrace

/// `diff`'s pairs as cases of a CI format (``CaseReport``): one suite, one case per pair, named by its relative path.
final class DiffCaseReport: DiffReport {
    private let report: any CaseReport

    /// Begins the one suite, which `suite` names: `EXPECTED_DIR vs ACTUAL_DIR`.
    init(_ report: any CaseReport, suite: String) throws(OutputError) {
        self.report = report
        try report.begin(suite: suite)
    }

    func add(_ pair: DiffPair, _ outcome: DiffOutcome) throws(OutputError) {
        var item = ReportCase(name: pair.name, verdict: .pass(detail: outcome.message(pair)))
        switch outcome {
        case .compared(let comparison, let warnings):
            for warning in warnings {
                try report.warning(file: warning.file, line: warning.line, message: warning.message)
            }
            // An annotation points at the first difference, in the actual trace when it has the event.
            let first = comparison.differences.first.flatMap { $0.actual ?? $0.expected }
            (item.file, item.line) = (first?.file ?? pair.actual, first?.line)
            if !comparison.matches {
                item.verdict = .fail(
                    kind: FailureKind.tracesDiffer, message: comparison.summary, explanation: comparison.report)
            }
        case .ordered(let order):
            // At the event actual has first.
            let first = order.difference?.actualFirst
            (item.file, item.line) = (first?.file ?? pair.actual, first?.line)
            if !order.matches {
                let explanation = ([order.summary] + order.placeLines).joined(separator: "\n")
                item.verdict = .fail(kind: FailureKind.orderChanged, message: order.summary, explanation: explanation)
            }
        case .onlyInExpected, .onlyInActual:
            item.file = pair.expected ?? pair.actual
            let message = outcome.message(pair)
            item.verdict = .fail(kind: outcome.failureKind ?? "", message: message, explanation: message)
        case .unreadable(let error):
            (item.file, item.line) = (error.file, error.line > 0 ? error.line : nil)
            item.verdict = .error(kind: FailureKind.unreadable, message: error.description)
        }
        try report.add(item)
    }

    func finish(_ totals: DiffTotals) throws(OutputError) {
        try report.end(seconds: 0)
        try report.finish(closingLine: totals.closingLine)
    }

    func abandon() {
        report.abandon()
    }
}
