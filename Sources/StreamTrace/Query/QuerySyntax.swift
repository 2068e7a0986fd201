/// How one expectation is written as a query: its keyword, the arguments that follow it (`prefix N`), the clauses
/// that follow `within` (`next where MATCHER`), and how to build it from what the query gave.
package struct QuerySyntax: Sendable {
    package var keyword: String
    /// Other words accepted for it: `availableElements`.
    package var synonyms: [String] = []
    /// What follows the keyword, before `within`: `N` in `prefix N`.
    package var arguments: [QueryArgument] = []
    /// What follows `within`, each introduced by its word: `where MATCHER`.
    package var clauses: [QueryClause] = []
    /// Whether its value is a number, which `< <= > >=` compare.
    package var isNumeric = false
    /// Why `within` and a trailing matcher do not apply (`marbles`: its diagram says when events come); `nil`: they do.
    package var refusesWithinAndMatcher: String?
    package var make: @Sendable (QueryArguments) -> any TraceExpectation

    /// The form as help shows it: `next N`, `next where MATCHER`.
    package var form: String {
        ([keyword] + arguments.map(\.placeholder) + clauses.map(\.form)).joined(separator: " ")
    }
}

/// A word and the argument that follows it, after `within`: `where MATCHER`.
package struct QueryClause: Sendable {
    package var word: String
    package var argument: QueryArgument
    /// Whether the query must give it (`next where MATCHER`), else it may.
    package var isRequired = true

    /// `where MATCHER`, or `[frame D]` for an optional clause.
    package var form: String {
        isRequired ? "\(word) \(argument.placeholder)" : "[\(word) \(argument.placeholder)]"
    }

    package static let `where` = QueryClause(word: "where", argument: .matcher)
}
