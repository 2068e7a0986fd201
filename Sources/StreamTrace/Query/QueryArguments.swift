/// What a query gives an expectation's ``QuerySyntax/make``: its
/// arguments, by placeholder (`N`) or clause word (`where`), and `not`.
package struct QueryArguments: Sendable {
    /// Whether the query starts with `not`.
    package var isInverted = false
    private var values: [String: any Sendable] = [:]

    package init(isInverted: Bool = false) {
        self.isInverted = isInverted
    }

    /// The argument a placeholder or a clause word names, if the query gave
    /// one of type `T`.
    package subscript<T>(_ name: String, as type: T.Type = T.self) -> T? {
        get { values[name] as? T }
    }

    package mutating func set(_ name: String, _ value: any Sendable) {
        values[name] = value
    }

    /// The whole number `N` (`prefix N`); 0 if none.
    package var count: Int { self["N"] ?? 0 }

    /// The matcher of a clause (`where`), if the query gave it.
    package func matcher(_ clause: String) -> QueryMatcher? { self[clause] }

    /// The matcher of a clause as a condition on elements (`where == 3`):
    /// how `next where` and the like are built.
    package func condition(_ clause: String) -> ElementCondition<RawJSON> {
        ElementCondition(clause: clause, matcher(clause) ?? .equal(.null))
    }
}
