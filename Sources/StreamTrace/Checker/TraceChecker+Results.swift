/// How a query's verdict becomes its result, the same for every way a
/// trace is read: the expectation's value as JSON, then the query's
/// matcher applied to it.
extension TraceChecker {
    /// The result of `query` whose expectation decided `verdict` over
    /// `window`, and the cursor it moves to (`nil`: unchanged). `place`
    /// says how the result holds the value passed with (whole by default;
    /// a pass holds a long one by its place, ``StreamedWindow/place(of:)``).
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

    /// The result of `query` whose expectation passed with `output` at
    /// `location`, which its matcher accepts or not (`matches`).
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
