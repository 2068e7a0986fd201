/// An expectation a query can name, declaring beside itself (its ``query``) all the query language needs to know
/// about it. It has an inverted form (`not …`) if it is also an ``InvertibleTraceExpectation``. The parser, help and
/// the docs read these declarations only: adding an expectation to the language is its own file and its line in the
/// registry (``QueryLanguage``).
package protocol QueryExpectation: TraceExpectation {
    static var query: QueryDefinition<Self> { get }
}

extension QueryExpectation {
    package var traceNeeds: TraceNeeds { Self.query.needs(self) }
    /// The reasons it fails with: what an expectation derived from it inherits (`elements` fails as `finished` does).
    package static var reasons: [QueryReason] { query.reasons }
}

/// A reason an expectation fails with, and when: its part of the "fails when" cell of docs/queries.md.
package struct QueryReason: Sendable {
    package var reason: RecordingError.Reason
    /// When: `no completion in the window`.
    package var when: String

    package init(_ reason: RecordingError.Reason, when: String) {
        self.reason = reason
        self.when = when
    }
}

/// An expectation's rows in `streamtrace help check` and in the table of docs/queries.md.
package struct QueryDocumentation: Sendable {
    /// Help's line: what it passes with and when it fails, briefly.
    package var summary: String
    /// The docs' "passes with" cell (Markdown).
    package var passes: String
    /// The rows of `not …`: given for an invertible expectation only.
    package var inverted: Inverted?

    /// The rows of `not …`, which fails with reason `invertedFulfilled` only.
    package struct Inverted: Sendable {
        package var summary: String
        package var passes: String
        package var fails: String
    }
}
