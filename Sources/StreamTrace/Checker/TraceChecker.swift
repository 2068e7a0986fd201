/// Evaluates queries against a trace with the same expectation engine as a live ``Recorder``, reading it once while
/// the queries share one cursor, so `next`, `next`, `finished` reads like a test that waits three times. Memory stays
/// bounded by the longest line: each query keeps only what its expectation reads (``TraceNeeds``).
///
/// ```swift
/// let checker = TraceChecker(queries: [try Query("next == 1"), try Query("finished")])
/// let report = try checker.evaluations(of: TraceReader(path: "run.jsonl"))
/// let failures = report.results.count { $0.status == .fail }  // 0
/// ```
package struct TraceChecker: Sendable {
    package var queries: [Query]

    package init(queries: [Query]) {
        self.queries = queries
    }

    /// Reads the whole trace, evaluating every query in order (a malformed line anywhere throws, and no result is
    /// given), keeping at most `valueLimit` bytes of a value made of a run of elements (`elements`, `prefix N`): a
    /// longer one is given as a ``QueryResult/partialOutput``.
    package func evaluations(of reader: TraceReader, valueLimit: Int? = nil) throws(TraceReadError)
        -> TraceEvaluations
    {
        let results = try results(valueLimit: valueLimit, reading: reader.nextScanEvent)
        return TraceEvaluations(
            header: reader.header, status: reader.status, warnings: reader.warnings, results: results)
    }

    /// Like ``evaluations(of:valueLimit:)``, for a group read from a folder as one trace named `name` (its elements
    /// the members' values and ends, ``TraceGroupReader``): each result's locations name the member file.
    package func evaluations(of group: TraceGroupReader, named name: String, valueLimit: Int? = nil)
        throws(TraceReadError) -> TraceEvaluations
    {
        let results = try results(valueLimit: valueLimit, reading: group.nextScanEvent).map {
            result in result.located { group.file(ofElement: $0.index) }
        }
        return TraceEvaluations(
            header: group.header(named: name), status: group.status, warnings: group.warnings, results: results)
    }

    /// One pass over the events `next` gives, one at a time, in order.
    private func results(
        valueLimit: Int?, reading next: () throws(TraceReadError) -> TraceScanEvent?
    ) throws(TraceReadError) -> [QueryResult] {
        let pass = CheckPass(queries: queries, valueLimit: valueLimit)
        while let event = try next() {
            pass.take(event)
            pass.bufferWillChange()
        }
        return pass.finish()
    }

    /// Like ``evaluations(of:valueLimit:)``, reading with ``TraceScan``: a regular file in blocks on every core, from the
    /// descriptor's current offset (not closed).
    package func evaluations(
        scanning fileDescriptor: Int32, name: String, options: TraceScanOptions = TraceScanOptions(),
        valueLimit: Int? = nil
    ) throws(TraceReadError) -> TraceEvaluations {
        try evaluations(TraceScan.source(of: fileDescriptor), name: name, options: options, valueLimit: valueLimit)
    }

    /// One pass over `source`: summed up by chunks if no query needs the events one by one, else read in order.
    func evaluations(
        _ source: ScanSource, name: String, options: TraceScanOptions, valueLimit: Int?
    ) throws(TraceReadError) -> TraceEvaluations {
        var pass = CheckPass(queries: queries, valueLimit: valueLimit)
        let evaluations: TraceEvaluations
        if pass.needsOrder {
            let end = try TraceScan.read(source, name: name, options: options, into: &pass)
            evaluations = TraceEvaluations(end, results: pass.finish())
        } else {
            let scan = try TraceScan.run(
                source, name: name, options: options, makeConsumer: pass.state.summary.makeChunk)
            pass.state.summary = scan.consumer
            evaluations = TraceEvaluations(scan, results: pass.finish())
        }
        // A value over 64 KiB the spool could not take was kept in memory: say so, once, and stop.
        if let failure = pass.state.summary.spool.failure {
            throw TraceReadError(kind: .unreadable, file: name, line: 0, column: 0, message: failure)
        }
        return evaluations
    }
}

/// How a query's verdict becomes its result, the same for every way a trace is read: the expectation's value as JSON,
/// then the query's matcher applied to it.
extension TraceChecker {
    /// The result of `query` whose expectation decided `verdict` over `window`, and the cursor it moves to (`nil`:
    /// unchanged). `place` says how the result holds the value passed with (whole by default; a pass holds a long one
    /// by its place, ``StreamedWindow/place(of:)``).
    package static func result(
        of query: Query, _ verdict: Verdict<RawJSON?>, in window: some EventWindow<RawJSON, TraceFailure>,
        place: (RawJSON) -> QueryOutput = { .whole($0) }
    ) -> (result: QueryResult, cursor: Int?) {
        switch verdict {
        case .pending:
            let error = window.undecided(named: query.text)
            return (QueryResult(query: query, output: nil, location: error.location, failure: error), nil)
        case .failed(let error):
            return (QueryResult(query: query, output: nil, location: error.location, failure: error), nil)
        case .passed(let output, let cursor, let location):
            let matches = query.matcher.map { $0.matches(output?.value ?? .null) } ?? true
            let result = Self.result(
                of: query, output: output.map(place), matches: matches, at: location, in: window)
            return (result, cursor)
        }
    }

    /// The result of `query` whose expectation passed with `output` at `location`; `matches`: its matcher accepts it.
    package static func result(
        of query: Query, output: QueryOutput?, matches: Bool, at location: EventLocation?,
        in window: some EventWindow<RawJSON, TraceFailure>
    ) -> QueryResult {
        var result = QueryResult(query: query, output: nil, location: location, failure: nil)
        result.hold(output)
        guard let matcher = query.matcher, !matches else { return result }
        let got: String
        switch output {
        case .partial(let partial)?: got = ValueText.message(partial.text)
        case .whole(let value)?: got = window.describe(value)
        case .placed?: got = location.map(StreamedWindow.placeText) ?? "a value over 64 KiB not kept"
        case nil: got = window.describe(.null)
        }
        result.failure = window.mismatch(named: query.text, expected: matcher, got: got, at: location)
        return result
    }
}
