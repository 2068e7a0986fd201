/// What the query language knows of one expectation, declared by the expectation in one value
/// (``QueryExpectation/query``): how a query writes it, what a pass over a trace keeps for it, the reasons it fails
/// with, each with when, and its rows in help and the docs.
package struct QueryDefinition<Expectation>: Sendable {
    package var syntax: QuerySyntax
    /// What one pass over a trace must keep for an expectation built from a query (`prefix 3` keeps 3 elements).
    package var needs: @Sendable (Expectation) -> TraceNeeds
    /// The reasons it fails with, in the order the docs list them.
    package var reasons: [QueryReason]
    /// Its rows in `streamtrace help check` and in docs/queries.md.
    package var documentation: QueryDocumentation

    package init(
        _ syntax: QuerySyntax, needs: @escaping @Sendable (Expectation) -> TraceNeeds = { _ in .nothing },
        reasons: [QueryReason] = [], summary: String, passes: String, inverted: QueryDocumentation.Inverted? = nil
    ) {
        self.syntax = syntax
        self.needs = needs
        self.reasons = reasons
        documentation = QueryDocumentation(summary: summary, passes: passes, inverted: inverted)
    }
}

extension QueryDefinition where Expectation: ConditionalExpectation & TraceExpectation {
    /// `KEYWORD where MATCHER`, the expectation made from the clause's condition (`next where == 3`); its window keeps
    /// nothing more, as a pass searches the elements for it.
    init(
        where keyword: String, reasons: [QueryReason], summary: String, passes: String,
        inverted: QueryDocumentation.Inverted? = nil
    ) {
        self.init(
            QuerySyntax(keyword: keyword, clauses: [.where]) { Expectation($0.condition("where")) },
            reasons: reasons, summary: summary, passes: passes, inverted: inverted)
    }
}
