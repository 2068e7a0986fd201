/// The expectations a query can name, in the order help lists them. Each
/// declares its own syntax next to its evaluation (see ``QuerySyntax``);
/// adding an expectation to the language is one line here.
package enum QueryLanguage {
    private typealias E = RawJSON
    private typealias F = TraceFailure

    package static let expectations: [QuerySyntax] = [
        StreamExpectations.AvailableElements<E, F>.querySyntax,
        StreamExpectations.Completion<E, F>.querySyntax,
        StreamExpectations.ElementCount<E, F>.querySyntax,
        StreamExpectations.Elements<E, F>.querySyntax,
        StreamExpectations.FailureError<E, F>.querySyntax,
        StreamExpectations.Finished<E, F>.querySyntax,
        StreamExpectations.Last<E, F>.querySyntax,
        StreamExpectations.Next<E, F>.querySyntax,
        StreamExpectations.NextCount<E, F>.querySyntax,
        StreamExpectations.NextWhere<E, F>.querySyntax,
        StreamExpectations.Prefix<E, F>.querySyntax,
        StreamExpectations.Recorded<E, F>.querySyntax,
        StreamExpectations.Single<E, F>.querySyntax,
    ]

    /// The keywords, without repeats: `available, completion, count …`.
    package static var keywords: [String] {
        var seen: Set<String> = []
        return expectations.map(\.keyword).filter { seen.insert($0).inserted }
    }

    /// The syntaxes a word names (several share `next`).
    static func syntaxes(named word: String) -> [QuerySyntax] {
        expectations.filter { $0.keyword == word || $0.synonyms.contains(word) }
    }

    /// `finished, next, next where MATCHER and prefix N`: what `not` inverts.
    static func invertibleForms(joinedBy conjunction: String) -> String {
        let forms = expectations.filter(\.isInvertible).map(\.form).sorted()
        return forms.dropLast().joined(separator: ", ") + " \(conjunction) " + (forms.last ?? "")
    }
}
