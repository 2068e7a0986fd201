import Foundation
import StreamTrace
import Testing

/// The query language is declared by the expectations themselves; the
/// documentation must list exactly what they declare.
@Suite struct QueryLanguageTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../docs/queries.md")

    /// The forms in the first column of the docs' expectation table.
    func documentedForms() throws -> [String] {
        let text = try String(contentsOf: Self.docs, encoding: .utf8)
        let table =
            text.components(separatedBy: "## Expectations").dropFirst().first?.components(separatedBy: "\n## ").first
            ?? ""
        return table.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("| `") else { return nil }
            return line.dropFirst(3).prefix { $0 != "`" }.description
        }
    }

    @Test func theDocsTableListsEveryDeclaredFormAndNothingElse() throws {
        let declared =
            QueryLanguage.expectations.map(\.form)
            + QueryLanguage.expectations.filter(\.isInvertible).map { "not " + $0.form }
        #expect(try documentedForms().sorted() == declared.sorted())
    }

    @Test func everyDeclaredFormParsesAndNamesItsExpectation() throws {
        for syntax in QueryLanguage.expectations {
            let text = syntax.keyword + (syntax.takesCount ? " 2" : "") + (syntax.takesWhere ? " where == 1" : "")
            let query = try Query(text)
            #expect(query.expectationName == syntax.keyword + (syntax.takesCount ? " 2" : ""))
            #expect(!query.isInverted)
            if syntax.isInvertible { #expect(try Query("not " + text).isInverted) }
            for synonym in syntax.synonyms {
                #expect(try Query(synonym + (syntax.takesCount ? " 2" : "")).text == synonym)
            }
        }
    }

    @Test func everyExpectationSaysWhatAPassOverATraceKeeps() {
        let needs = Dictionary(
            QueryLanguage.expectations.map { syntax in
                (syntax.form, syntax.make(QueryArguments(count: 3, predicate: .equal(1), isInverted: false)).traceNeeds)
            }, uniquingKeysWith: { first, _ in first })
        #expect(needs["finished"] == .nothing)
        #expect(needs["count"] == .nothing)
        #expect(needs["next"] == TraceNeeds(consumes: 1))
        #expect(needs["next N"] == TraceNeeds(consumes: 3))
        #expect(needs["prefix N"] == TraceNeeds(consumes: 3))
        #expect(needs["single"] == TraceNeeds(firstElements: 1))
        #expect(needs["last"] == TraceNeeds(lastElement: true))
        #expect(needs["next where MATCHER"] == .everything)
        #expect(needs["elements"] == .everything)
    }
}
