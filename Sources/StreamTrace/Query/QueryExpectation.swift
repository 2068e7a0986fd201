/// An expectation a query can name. It declares, beside itself, what the
/// query language needs to know about it: how a query writes it
/// (``syntax``), the reasons it fails with (``reasons``) and its rows in
/// help and the docs (``documentation``). It has an inverted form (`not …`)
/// if it is also an ``InvertibleTraceExpectation``.
///
/// The registry (``QueryLanguage``) lists every conforming type, and the
/// parser, `streamtrace help check`, docs/queries.md and docs/ci.md read
/// these declarations only: adding an expectation to the language is its
/// own file and its line in the registry.
package protocol QueryExpectation: TraceExpectation {
    /// How a query writes it (its keyword, and what follows), and how the
    /// parsed arguments build it.
    static var syntax: QuerySyntax { get }
    /// The reasons it fails with, each with when; every one is a static
    /// member of ``RecordingError/Reason`` declared beside the expectation
    /// that produces it.
    static var reasons: [QueryReason] { get }
    /// Its rows in `streamtrace help check` and in docs/queries.md.
    static var documentation: QueryDocumentation { get }
}

/// A reason an expectation fails with, and when: its part of the "fails
/// when" cell of docs/queries.md.
package struct QueryReason: Sendable {
    package var reason: RecordingError.Reason
    /// When: `no completion in the window`.
    package var when: String
}

/// An expectation's rows in `streamtrace help check` and in the table of
/// docs/queries.md.
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
        /// When it fails.
        package var fails: String
    }
}

extension QueryExpectation where Self: DerivedExpectation, Base: QueryExpectation {
    /// Those of its base, which finds the failures it reports (`elements`
    /// fails as `finished` does).
    package static var reasons: [QueryReason] { Base.reasons }
}
