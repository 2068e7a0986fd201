/// The expectations a query can name: the registry of every ``QueryExpectation``, in the order help lists them
/// (`QueryLanguageTests` fails for a conforming type this list lacks).
package enum QueryLanguage {
    private typealias E = RawJSON
    private typealias F = TraceFailure
    private typealias S = StreamExpectations

    private static var expectations: [any QueryExpectation.Type] {
        [
            S.AvailableElements<E, F>.self, S.Completion<E, F>.self, S.ContainsWhere<E, F>.self,
            S.ElementCount<E, F>.self,
            S.Elements<E, F>.self,
            S.Every<E, F>.self,
            S.FailureError<E, F>.self, S.Finished<E, F>.self, S.Last<E, F>.self, S.Marbles<E, F>.self,
            S.Next<E, F>.self,
            S.NextCount<E, F>.self, S.NextWhere<E, F>.self,
            S.Order<E, F>.self,
            S.Prefix<E, F>.self, S.Recorded<E, F>.self,
            S.Single<E, F>.self,
        ]
    }

    package static let forms = expectations.map { QueryForm($0) }

    /// The keywords, without repeats: `available, completion, count …`.
    package static var keywords: [String] {
        var seen: Set<String> = []
        return forms.map(\.syntax.keyword).filter { seen.insert($0).inserted }
    }

    /// `finished, next, next where MATCHER and prefix N`: what `not` inverts.
    static func invertibleForms(joinedBy conjunction: String) -> String {
        let invertible = forms.filter(\.isInvertible).map(\.syntax.form).sorted()
        return invertible.dropLast().joined(separator: ", ") + " \(conjunction) " + (invertible.last ?? "")
    }
}

/// One expectation of the query language, as its type declares it.
package struct QueryForm: Sendable {
    /// The expectation's type, named only by tests: a runtime lookup that every `check` would pay for at start-up.
    let type: any QueryExpectation.Type
    package let syntax: QuerySyntax
    package let documentation: QueryDocumentation

    init<Expectation: QueryExpectation>(_ type: Expectation.Type) {
        let query = type.query
        self.type = type
        syntax = query.syntax
        documentation = query.documentation
    }

    /// Whether `not` inverts it: an expectation it makes has an inverted form (``TraceExpectation/inverted``).
    package var isInvertible: Bool {
        syntax.make(QueryArguments()).inverted != nil
    }

    func argument(at position: Int) -> QueryArgument? {
        position < syntax.arguments.count ? syntax.arguments[position] : nil
    }

    func clause(_ word: String) -> QueryClause? {
        syntax.clauses.first { $0.word == word }
    }
}
