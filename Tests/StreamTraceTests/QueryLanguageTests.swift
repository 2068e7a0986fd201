import Foundation
import Testing

@testable import StreamTrace

/// The query language is declared by the expectations themselves, and the
/// registry lists every one that declares it.
@Suite struct QueryLanguageTests {
    static let expectations = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/StreamTrace").standardizedFileURL

    /// The types of Sources/StreamTrace that conform to `QueryExpectation`,
    /// as their declarations say (`extension StreamExpectations.Last:
    /// TraceExpectation, QueryExpectation where …`).
    static func conformingTypes() throws -> Set<String> {
        let declaration = try NSRegularExpression(
            pattern: #"(?:extension|struct|class|enum)\s+([\w.]+)(?:<[^>{]*>)?\s*:([^{]*)\{"#)
        let enumerator = FileManager.default.enumerator(at: expectations, includingPropertiesForKeys: nil)
        var found: Set<String> = []
        for case let file as URL in enumerator?.allObjects ?? [] where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8) as NSString
            for match in declaration.matches(in: text as String, range: NSRange(location: 0, length: text.length)) {
                let conformances = text.substring(with: match.range(at: 2)).split(whereSeparator: {
                    " ,\n".contains($0)
                })
                guard conformances.contains("QueryExpectation") else { continue }
                found.insert(String(text.substring(with: match.range(at: 1)).split(separator: ".").last ?? ""))
            }
        }
        return found
    }

    @Test func theRegistryListsEveryTypeThatDeclaresItsQuerySyntaxAndNoOther() throws {
        let registered = QueryLanguage.forms.map(\.typeName)
        #expect(Set(registered).count == registered.count)
        #expect(Set(registered) == (try Self.conformingTypes()))
        #expect(registered.contains("NextWhere") && registered.contains("Completion"))
    }

    @Test func everyDeclaredFormParsesAndNamesItsExpectation() throws {
        for form in QueryLanguage.forms {
            let syntax = form.syntax
            // A sample of each kind of argument.
            let samples = [
                "N": "2", "MATCHER": "== 1", "JSON-STRING": #""-a|""#, "DURATION": "10ms", "JSON-OBJECT": #"{"a": 1}"#,
                "STREAM [MATCHER]": "a == 1",
            ]
            let arguments = syntax.arguments.map { samples[$0.placeholder]! }
            let clauses = syntax.clauses.map { "\($0.word) \(samples[$0.argument.placeholder]!)" }
            let text = ([syntax.keyword] + arguments + clauses).joined(separator: " ")
            let query = try Query(text)
            #expect(query.expectationName == ([syntax.keyword] + arguments).joined(separator: " "))
            #expect(!query.isInverted)
            if form.isInvertible { #expect(try Query("not " + text).isInverted) }
            for synonym in syntax.synonyms {
                #expect(try Query(([synonym] + arguments).joined(separator: " ")).text.hasPrefix(synonym))
            }
        }
    }

    @Test func anExpectationHasInvertedRowsExactlyWhenNotAppliesToIt() {
        let invertible = QueryLanguage.forms.filter(\.isInvertible).map(\.syntax.form)
        #expect(
            invertible == [
                "contains where MATCHER", "finished", "next", "next where MATCHER",
                "order STREAM [MATCHER] before STREAM [MATCHER]", "prefix N",
            ])
        for form in QueryLanguage.forms {
            #expect((form.documentation.inverted != nil) == form.isInvertible, "\(form.syntax.form)")
        }
    }

    @Test func everyExpectationSaysWhatAPassOverATraceKeeps() throws {
        var needs: [String: TraceNeeds] = [:]
        for form in QueryLanguage.forms {
            var arguments = QueryArguments()
            arguments["N"] = .wholeNumber(3)
            arguments["where"] = .matcher(.equal(1))
            arguments["JSON-STRING"] = .diagram(text: "-a-b|", marbles: try MarbleDiagram("-a-b|"))
            needs[form.syntax.form] = form.syntax.make(arguments).traceNeeds
        }
        #expect(needs["finished"] == .nothing)
        #expect(needs["count"] == .nothing)
        #expect(needs["next"] == TraceNeeds(consumes: 1))
        #expect(needs["next N"] == TraceNeeds(consumes: 3))
        #expect(needs["prefix N"] == TraceNeeds(consumes: 3))
        #expect(needs["single"] == TraceNeeds(firstElements: 1))
        #expect(needs["last"] == TraceNeeds(lastElement: true))
        // Read as a search and as a run: their windows keep nothing more.
        #expect(needs["next where MATCHER"] == .nothing)
        #expect(needs["elements"] == .nothing)
        // The diagram's elements and one more: the first difference is at or before that one.
        #expect(needs["marbles JSON-STRING [frame DURATION] [values JSON-OBJECT]"] == TraceNeeds(firstElements: 3))
    }

    @Test func searchesAndRunsAreDeclaredByTheirExpectations() throws {
        var readings: [String: String] = [:]
        for text in [
            "next where == 1", "not next where == 1", "every where == 1", "elements", "recording",
            "available", "prefix 3", "not prefix 3", "next 3", "next", "finished", "marbles \"-a|\"",
            "order a before b == 1", "not order a == 1 before b",
        ] {
            switch try Query(text).expectation.reading {
            case .window: readings[text] = "window"
            case .search(let search):
                readings[text] =
                    "search \(search.accepting ? "accepting" : "rejecting") from \(search.fromCursor ? "cursor" : "start")"
            case .run(let run):
                readings[text] =
                    "run from \(run.fromCursor ? "cursor" : "start") of \(run.maximumLength.map(String.init) ?? "all")"
                    + (run.isRecording ? " with completion" : "")
            }
        }
        #expect(
            readings == [
                "next where == 1": "search accepting from cursor",
                "not next where == 1": "search accepting from cursor",
                "every where == 1": "search rejecting from start", "elements": "run from start of all",
                "recording": "run from start of all with completion", "available": "run from start of all",
                "prefix 3": "run from start of 3", "not prefix 3": "run from start of 3",
                "next 3": "run from cursor of 3",
                "next": "window", "finished": "window", "marbles \"-a|\"": "window",
                "order a before b == 1": "search accepting from cursor",
                "not order a == 1 before b": "search accepting from cursor",
            ])
    }

    @Test func reasonsAreTheirStableNames() {
        let reasons = QueryLanguage.forms.flatMap { $0.reasons.map(\.reason) }
        #expect(reasons.allSatisfy { $0.description == $0.rawValue })
        #expect(RecordingError.Reason.streamFailed.rawValue == "streamFailed")
        #expect(RecordingError.Reason(rawValue: "notCompleted") == .notCompleted)
    }
}
