/// The results of a list of queries against one trace, in order (``TraceChecker/evaluations(of:valueLimit:)``),
/// with the trace's header and how it ends.
package struct TraceEvaluations {
    package let header: TraceHeader
    package let status: TraceStatus
    /// What the reader warned about (a truncated last line).
    package let warnings: [TraceReadWarning]
    package let results: [QueryResult]
}

extension TraceEvaluations {
    init<Consumer>(_ end: TraceScanResult<Consumer>, results: [QueryResult]) {
        self.init(header: end.header, status: end.status, warnings: end.warnings, results: results)
    }
}
