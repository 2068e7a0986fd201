/// How one expectation is written as a query, declared next to the
/// expectation itself: its keyword, what follows it, whether `not` inverts
/// it, what it does in a line of help, and how to build it.
///
/// The parser, `streamtrace help` and the docs test read these
/// declarations; nothing else knows the keywords.
package struct QuerySyntax: Sendable {
    /// The word that names it: `next`.
    package var keyword: String
    /// Other words accepted for it: `availableElements`.
    package var synonyms: [String] = []
    /// Whether a whole number follows the keyword: `prefix 3`.
    package var takesCount = false
    /// Whether `where MATCHER` follows (after `within`): `next where == 3`.
    package var takesWhere = false
    /// Whether its value is a number, which `< <= > >=` compare.
    package var isNumeric = false
    /// One line for help and docs: what it passes with, when it fails.
    package var summary: String
    /// The same for `not …`; `nil` when `not` does not apply to it.
    package var invertedSummary: String?
    /// Builds the expectation from what the query gave.
    package var make: @Sendable (QueryArguments) -> any TraceExpectation

    package var isInvertible: Bool { invertedSummary != nil }

    /// The form as help shows it: `next N`, `next where MATCHER`.
    package var form: String {
        keyword + (takesCount ? " N" : "") + (takesWhere ? " where MATCHER" : "")
    }
}

/// What a query gives an expectation's ``QuerySyntax/make``.
package struct QueryArguments: Sendable {
    package init(count: Int = 0, predicate: QueryMatcher = .equal(.null), isInverted: Bool = false) {
        self.count = count
        self.predicate = predicate
        self.isInverted = isInverted
    }

    /// The number after the keyword (`prefix 3`), if its syntax takes one.
    package var count = 0
    /// The matcher after `where`, if its syntax takes one.
    package var predicate = QueryMatcher.equal(.null)
    /// Whether the query starts with `not`.
    package var isInverted = false

    /// `expectation`, or its inverted form for `not …`.
    package func invertible<E: InvertibleTraceExpectation>(_ expectation: E) -> any TraceExpectation {
        isInverted ? StreamExpectations.Inverted(expectation) : expectation
    }
}
