import Foundation

@testable import StreamTrace

/// The parts of docs/queries.md and docs/ci.md that are generated from the
/// query language's registry (`QueryLanguage`): each stands between
/// `<!-- generated: NAME … -->` and `<!-- end of generated: NAME -->`.
/// `QueryDocsTests` fails while a file differs from what the registry
/// gives; `UPDATE_DOCS=1 swift test --filter QueryDocsTests` rewrites them.
enum GeneratedDocs {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        .standardizedFileURL

    /// The generated sections, by file and name.
    static let sections: [(file: String, name: String, text: @Sendable () -> String)] = [
        ("docs/queries.md", "grammar", grammar),
        ("docs/queries.md", "expectations", expectationTable),
        ("docs/queries.md", "memory", memoryTable),
        ("docs/ci.md", "reasons", reasonTable),
    ]

    /// The forms, one per line, in the grammar's code block.
    static func grammar() -> String {
        let forms = QueryLanguage.forms.map { form in
            let syntax = form.syntax
            let arguments = syntax.arguments.map { " \($0.placeholder)" }.joined()
            let clauses = syntax.clauses.map { clause in
                let words = "\"\(clause.word)\" \(clause.argument.placeholder)"
                return clause.isRequired ? " \(words)" : " [ \(words) ]"
            }
            let within = syntax.refusesWithinAndMatcher == nil ? " [ WITHIN ]" : ""
            return "\"\(syntax.keyword)\"\(arguments)\(within)\(clauses.joined())"
        }
        let matcherless = QueryLanguage.forms.filter { $0.syntax.refusesWithinAndMatcher != nil }.map(\.syntax.keyword)
        return """
            ```text
            query    = [ STREAM ":" ] [ "not" ] FORM [ MATCHER ]\(matcherless.isEmpty ? "" : "   (no MATCHER after \(matcherless.joined(separator: ", ")))")
            FORM     = \(forms.joined(separator: "\n         | "))
            WITHIN   = "within" DURATION
            MATCHER  = ( "==" | "!=" ) JSON  |  "contains" JSON
                     | ( "<" | "<=" | ">" | ">=" ) NUMBER          (\(numericOwners()), and after where)
            N        = a whole number: 0, 1, 2 …
            JSON-STRING = a marble diagram as a JSON string: "-a-b-|"   (docs/marbles.md)
            JSON-OBJECT = element names to their values: {"a": 1}
            DURATION = NUMBER ( "ns" | "us" | "ms" | "s" | "m" | "h" )   250ms, 1.5s, 1h
            STREAM   = a stream of a group (check --group): its name or file name, as a word of
                       letters, digits, - _ . or as a JSON string: results, "my stream"
            ```
            """
    }

    private static func numericOwners() -> String {
        QueryLanguage.forms.filter(\.syntax.isNumeric).map(\.syntax.keyword).joined(separator: ", ")
    }

    /// The table of every form and every `not` form: what it passes with,
    /// when it fails and with which reason.
    static func expectationTable() -> String {
        var rows = ["| query | passes with | fails when (reason) |", "|---|---|---|"]
        for form in QueryLanguage.forms {
            let fails =
                form.reasons.isEmpty
                ? "never (add a matcher)" : form.reasons.map { "\($0.when) (`\($0.reason)`)" }.joined(separator: "; ")
            rows.append("| `\(form.syntax.form)` | \(form.documentation.passes) | \(fails) |")
        }
        for form in QueryLanguage.forms {
            guard let inverted = form.documentation.inverted else { continue }
            let fails = "\(inverted.fails) (`\(RecordingError.Reason.invertedFulfilled)`)"
            rows.append("| `not \(form.syntax.form)` | \(inverted.passes) | \(fails) |")
        }
        return rows.joined(separator: "\n")
    }

    /// What a pass over a trace keeps for each form, from its expectation's
    /// declarations: how it reads the elements (``TraceReading``) and what
    /// its window keeps (``TraceNeeds``). `N` stands for the query's number.
    static func memoryTable() -> String {
        let n = 7919
        var arguments = QueryArguments()
        arguments["N"] = .wholeNumber(n)
        arguments["where"] = .matcher(.equal(1))
        // A diagram of n - 1 elements: what `marbles` keeps reads as D + 1, D its diagram's elements.
        let diagram = String(repeating: "a", count: n - 1)
        arguments["JSON-STRING"] = .diagram(text: diagram, marbles: try! MarbleDiagram(diagram))
        var rows = ["| query | what it keeps beyond the pass's window |", "|---|---|"]
        func row(_ form: String, _ expectation: any TraceExpectation) {
            let number = form.contains("JSON-STRING") ? "D + 1" : "N"
            let kept = keeps(expectation.reading, expectation.traceNeeds).replacingOccurrences(of: "\(n)", with: number)
            rows.append("| `\(form)` | \(kept) |")
        }
        for form in QueryLanguage.forms { row(form.syntax.form, form.syntax.make(arguments)) }
        for form in QueryLanguage.forms {
            if let inverted = form.syntax.make(arguments).inverted { row("not " + form.syntax.form, inverted) }
        }
        return rows.joined(separator: "\n")
    }

    /// What `reading` and `needs` keep, in words.
    static func keeps(_ reading: TraceReading, _ needs: TraceNeeds) -> String {
        switch reading {
        case .search(let search):
            let looks = search.fromCursor ? "after the cursor" : "of the window"
            let test = search.matcher == nil ? "its condition" : "its matcher"
            return "the first element \(looks) that \(test) \(search.accepting ? "accepts" : "rejects"), once found"
        case .run(let run):
            let elements = run.maximumLength.map { "up to \($0) elements" } ?? "every element"
            return "its value's text (\(elements)) up to the value limit (1 MiB for `check`), compared with its "
                + "matcher as the elements stream by"
        case .window:
            var kept: [String] = []
            func values(_ count: Int) -> String { count == 1 ? "value" : "\(count) values" }
            if needs.firstElements > 0 { kept.append("the first \(values(needs.firstElements))") }
            if needs.consumes > 0 { kept.append("the \(values(needs.consumes)) after the cursor") }
            if needs.lastElement { kept.append("the last value, whatever its length") }
            return kept.isEmpty ? "nothing" : kept.joined(separator: ", ")
        }
    }

    /// Every reason a query fails with, and the queries that fail with it.
    static func reasonTable() -> String {
        var order: [RecordingError.Reason] = []
        var queries: [RecordingError.Reason: [String]] = [:]
        func add(_ reason: RecordingError.Reason, _ query: String) {
            if queries[reason] == nil { order.append(reason) }
            queries[reason, default: []].append(query)
        }
        for form in QueryLanguage.forms {
            for reason in form.reasons { add(reason.reason, "`\(form.syntax.form)`") }
        }
        for form in QueryLanguage.forms where form.isInvertible {
            add(.invertedFulfilled, "`not \(form.syntax.form)`")
        }
        add(.mismatch, "any query with a matcher")
        // Reasons only a Swift test meets: `check` refuses an unreadable diagram as a usage error (exit 2).
        add(.invalidDiagram, "no query: a Swift `marbles` diagram that cannot be read (in `check`, a usage error)")
        add(.laneOrder, "no query: a Swift group's `marbles([STREAM: DIAGRAM, …])`")
        let rows = order.map { "| `\($0)` | \(queries[$0, default: []].joined(separator: ", ")) |" }
        return (["| reason | queries |", "|---|---|"] + rows).joined(separator: "\n")
    }

    static func begin(_ name: String) -> String {
        "<!-- generated: \(name) (from QueryLanguage; UPDATE_DOCS=1 swift test --filter QueryDocsTests) -->"
    }

    static func end(_ name: String) -> String { "<!-- end of generated: \(name) -->" }

    /// The text of section `name` in `document`, between its markers, or
    /// `nil` if the markers are missing.
    static func section(_ name: String, in document: String) -> Range<String.Index>? {
        guard let begin = document.range(of: begin(name)), let end = document.range(of: end(name)),
            begin.upperBound < end.lowerBound
        else { return nil }
        return begin.upperBound..<end.lowerBound
    }
}
