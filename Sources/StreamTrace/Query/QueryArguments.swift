/// What a query gives an expectation's ``QuerySyntax/make``: its arguments by placeholder or clause word, and `not`.
package struct QueryArguments: Sendable {
    package var isInverted = false
    private var values: [String: QueryArgument.Value] = [:]

    package subscript(_ name: String) -> QueryArgument.Value? {
        get { values[name] }
        set { values[name] = newValue }
    }

    /// The whole number `N` (`prefix N`); 0 if none.
    package var count: Int {
        guard case .wholeNumber(let count)? = self["N"] else { return 0 }
        return count
    }

    /// The matcher of a clause as a condition on elements (`where == 3`): how `next where` and the like are built.
    package func condition(_ clause: String) -> ElementCondition<RawJSON> {
        guard case .matcher(let matcher)? = self[clause] else { return ElementCondition(clause: clause, .equal(.null)) }
        return ElementCondition(clause: clause, matcher)
    }
}
