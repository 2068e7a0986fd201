import Foundation
import StreamTrace
import Testing

/// docs/queries.md's grammar and table, and docs/ci.md's list of reasons,
/// say what the registry declares (see GeneratedDocs).
@Suite struct QueryDocsTests {
    @Test(.serialized, arguments: GeneratedDocs.sections.indices)
    func aGeneratedSectionIsWhatTheRegistryGives(index: Int) throws {
        let (file, name, text) = GeneratedDocs.sections[index]
        let url = GeneratedDocs.root.appendingPathComponent(file)
        var document = try String(contentsOf: url, encoding: .utf8)
        let range = try #require(
            GeneratedDocs.section(name, in: document),
            "\(file) lacks the markers \(GeneratedDocs.begin(name)) and \(GeneratedDocs.end(name))")
        let generated = "\n" + text() + "\n"
        if ProcessInfo.processInfo.environment["UPDATE_DOCS"] == "1", document[range] != generated {
            document.replaceSubrange(range, with: generated)
            try document.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(String(document[range]) == generated, "\(file): run UPDATE_DOCS=1 swift test --filter QueryDocsTests")
    }

    @Test func theTableHasARowForEveryFormAndItsInvertedForm() {
        let rows = GeneratedDocs.expectationTable().split(separator: "\n").dropFirst(2)
        let forms = rows.map { String($0.dropFirst(3).prefix { $0 != "`" }) }
        let declared = QueryLanguage.forms.map(\.syntax.form)
        #expect(forms == declared + QueryLanguage.forms.filter(\.isInvertible).map { "not " + $0.syntax.form })
        #expect(rows.contains("| `count` | the number of elements in the window | never (add a matcher) |"))
    }

    @Test func theReasonsTableListsEveryReasonAQueryFailsWith() {
        let table = GeneratedDocs.reasonTable()
        for reason in QueryLanguage.forms.flatMap({ $0.reasons.map(\.reason) }) + [.invertedFulfilled, .mismatch] {
            #expect(table.contains("| `\(reason)` |"), "\(reason)")
        }
        #expect(table.contains("| `tooManyElements` | `single` |"))
    }
}
