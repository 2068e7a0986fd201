/// Why a query does not parse, and where: the column of the problem, in characters from 1.
///
/// ```
/// prefix x
///        ^ expected a whole number after 'prefix'
/// ```
package struct QueryParseError: Error, Equatable, CustomStringConvertible {
    package var query: String
    package var column: Int
    /// What was expected and what was found.
    package var message: String

    /// `column 8: expected a whole number after 'prefix'`
    package var description: String { "column \(column): \(message)" }

    /// The query as a terminal shows it (escaped; a long one cut to the 60 characters before the problem and the 40
    /// after, marked with `…`), and a line with a caret under the problem.
    package var excerpt: (line: String, caret: String) {
        let characters = Array(query)
        let problem = min(max(column - 1, 0), characters.count)
        let first = max(0, problem - 60)
        let last = min(characters.count, problem + 40)
        var line = first > 0 ? "…" : ""
        var caretColumn = TerminalText.width(line)
        for (index, character) in characters[first..<last].enumerated() {
            if first + index == problem { caretColumn = TerminalText.width(line) }
            line += TerminalText.escaped(String(character))
        }
        if problem == last { caretColumn = TerminalText.width(line) }
        if last < characters.count { line += "…" }
        return (line, String(repeating: " ", count: caretColumn) + "^")
    }
}
