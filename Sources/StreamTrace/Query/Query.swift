/// An expectation written as text, for traces read from disk: `single`, `prefix 3`, `not finished within 2s`,
/// `count >= 3`, `next where contains {"state":"loaded"}`. Its grammar and meanings are those of `recorder.next(2)`
/// and its siblings; see docs/queries.md.
///
/// ```swift
/// let query = try Query("next 2 within 500ms == [1, 2]")
/// let name = query.expectationName  // "next 2"
/// let within = query.within  // .milliseconds(500)
/// ```
package struct Query: Sendable, Hashable, CustomStringConvertible {
    package let text: String
    /// The expectation as the query names it, without `not`, `within` or a matcher: `next 2`, `finished`.
    package let expectationName: String
    /// `not`: the inverted expectation (`not finished`, `not next` …).
    package let isInverted: Bool
    /// `within D`: the window ends D after the cursor time.
    package let within: Duration?
    /// `D` as the query wrote it, which messages quote: `1500us`.
    package let writtenWithin: String?
    /// The comparison applied to the value the expectation passes with.
    package let matcher: QueryMatcher?
    package let expectation: any TraceExpectation
    /// `STREAM:` before the expectation (`results: next == "x"`): in a group read from a folder, the member whose events
    /// the query reads (its header's `stream`, or its file name); `nil`: the group's merged events, or the one trace.
    package var stream: String? = nil

    package var description: String { text }

    /// Two queries are equal when they are written the same.
    package static func == (lhs: Query, rhs: Query) -> Bool { lhs.text == rhs.text }
    package func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

extension Query {
    /// Parses a query; throws ``QueryParseError`` with the column of the problem.
    package init(_ text: String) throws(QueryParseError) {
        var parser = QueryParser(text)
        self = try parser.parse()
    }
}
