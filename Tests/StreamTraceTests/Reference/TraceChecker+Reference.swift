@testable import StreamTrace

extension TraceChecker {
    /// The reference the pass is held to: every event kept in memory, and
    /// each query's expectation deciding over its whole window, as a
    /// recorder's would (memory grows with the trace).
    func referenceEvaluations(of reader: TraceReader) throws(TraceReadError) -> TraceEvaluations {
        let log = try TraceLog(reader: reader)
        var cursor = 0
        let results = queries.map { query in
            let window = TraceWindow(log: log, cursor: cursor, within: query.within, writtenAs: query.writtenWithin)
            let (result, moved) = Self.result(of: query, query.expectation.check(in: window), in: window)
            if let moved { cursor = moved }
            return result
        }
        return TraceEvaluations(header: log.header, status: log.status, warnings: log.warnings, results: results)
    }
}
