/// Evaluates queries against a trace with the same expectation engine as
/// a live ``Recorder``.
///
/// The trace is read once, front to back, keeping only what the queries'
/// expectations say they need (see `TraceNeeds`); then the queries run
/// in order and share one cursor, so `next`, `next`, `finished` reads like
/// a test that waits three times.
///
/// ```swift
/// let checker = TraceChecker(queries: [try Query("next == 1"), try Query("finished")])
/// let report = try checker.check(TraceReader(path: "run.jsonl"))
/// let failures = report.failedCount  // 0
/// ```
public struct TraceChecker: Sendable {
    public var queries: [Query]

    public init(queries: [Query]) {
        self.queries = queries
    }

    /// Reads the whole trace (a malformed line anywhere throws before any
    /// query runs), then evaluates every query.
    public func check(_ reader: TraceReader) throws(TraceReadError) -> TraceCheckReport {
        let run = try evaluations(of: reader)
        return TraceCheckReport(header: run.header, status: run.status, warnings: run.warnings, results: Array(run))
    }

    /// Reads the whole trace (a malformed line anywhere throws before any
    /// query runs), and returns the queries' results as a sequence that
    /// evaluates each query when it is reached: a caller that prints each
    /// result and lets it go keeps none of them.
    ///
    /// - Parameters:
    ///   - reader: the trace, read once.
    ///   - reopen: reads the same trace again from its start; given, a
    ///     failing query whose window ends mid-trace shows the values of its
    ///     recent timeline even where one pass did not keep them.
    public func evaluations(
        of reader: TraceReader, reopen: (() throws -> TraceReader)? = nil
    ) throws(TraceReadError) -> TraceEvaluations {
        TraceEvaluations(
            log: try TraceLog(reader: reader, retention: TraceRetention(queries: queries), reopen: reopen),
            queries: queries)
    }

    /// Like ``evaluations(of:reopen:)``, reading the trace with
    /// ``TraceScan``: only what the queries need is taken from each line,
    /// and a regular file is read in chunks on every core. The descriptor
    /// is read from its current offset and not closed.
    package func evaluations(
        scanning fileDescriptor: Int32, name: String, options: TraceScanOptions = TraceScanOptions(),
        reopen: (() throws -> TraceReader)? = nil
    ) throws(TraceReadError) -> TraceEvaluations {
        let retention = TraceRetention(queries: queries)
        let scan = try TraceScan.scan(fileDescriptor: fileDescriptor, name: name, options: options) {
            TraceRecord(retention: retention)
        }
        return evaluations(scan, reopen: reopen)
    }

    /// The same over bytes in memory (tests, fuzzing).
    package func evaluations(
        scanning bytes: [UInt8], name: String = "<memory>", options: TraceScanOptions = TraceScanOptions()
    ) throws(TraceReadError) -> TraceEvaluations {
        let retention = TraceRetention(queries: queries)
        let scan = try TraceScan.scan(bytes: bytes, name: name, options: options) { TraceRecord(retention: retention) }
        return evaluations(scan) { try TraceReader(bytes: bytes, name: name, options: options.reader) }
    }

    private func evaluations(
        _ scan: TraceScanResult<TraceRecord>, reopen: (() throws -> TraceReader)?
    ) -> TraceEvaluations {
        let log = TraceLog(
            header: scan.header, status: scan.status, warnings: scan.warnings, record: scan.consumer, reopen: reopen)
        return TraceEvaluations(log: log, queries: queries)
    }

    /// Evaluates one query in its window, moves the shared cursor as its
    /// expectation says, then applies its matcher.
    static func evaluate(_ query: Query, in log: TraceLog, cursor: inout Int) -> QueryResult {
        let window = TraceWindow(log: log, cursor: cursor, within: query.within, writtenAs: query.writtenWithin)
        switch query.expectation.check(in: window) {
        case .pending:
            var error = RecordingError(
                expectation: query.text, reason: .notCompleted, message: "the expectation could not be decided",
                location: window.lastEvent?.location)
            error.timeline = window.recentTimeline()
            return QueryResult(query: query, output: nil, location: error.location, failure: error)
        case .failed(let error):
            return QueryResult(query: query, output: nil, location: error.location, failure: error)
        case .passed(let output, let newCursor, let location):
            if let newCursor { cursor = newCursor }
            guard let matcher = query.matcher, !matcher.matches(output?.value ?? .null) else {
                return QueryResult(query: query, output: output, location: location, failure: nil)
            }
            var error = RecordingError(
                expectation: query.text, reason: .mismatch,
                message: "expected \(matcher), got \(window.describe(output ?? .null))",
                location: location)
            error.timeline = window.recentTimeline()
            return QueryResult(query: query, output: output, location: location, failure: error)
        }
    }
}
