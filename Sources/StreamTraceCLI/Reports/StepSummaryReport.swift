/// With `--format github` and `GITHUB_STEP_SUMMARY` set: every result in a Markdown table, for GitHub's run page.
final class StepSummaryReport: CaseReport {
    private let file: ReportFile
    private var suite = ""
    /// A passing query's cell holds its value.
    var showsPassDetail: Bool { true }

    /// Appends the heading and the table's head to `path`; `columns` name the suite and the case (`trace`, `query`).
    init(path: String, title: String, columns: (suite: String, name: String)) throws(OutputError) {
        file = try ReportFile(path: path, append: true)
        try file.write("\n### \(title)\n\n|   | \(columns.suite) | \(columns.name) | result |\n|---|---|---|---|\n")
    }

    func begin(suite: String) throws(OutputError) {
        self.suite = suite
    }

    func add(_ item: ReportCase) throws(OutputError) {
        let (mark, text): (String, String)
        switch item.verdict {
        case .pass(let detail): (mark, text) = ("✅", detail ?? "passed")
        case .fail(_, _, let explanation): (mark, text) = ("❌", explanation)
        case .error(_, let message): (mark, text) = ("⛔", message)
        case .skipped(let reason): (mark, text) = ("➖", reason)
        }
        let cells = [mark, MarkdownCell.escaped(suite), MarkdownCell.escaped(item.name), MarkdownCell.escaped(text)]
        try file.write("| " + cells.joined(separator: " | ") + " |\n")
    }

    func finish(closingLine: String) throws(OutputError) {
        try file.write("\n**\(MarkdownCell.escaped(closingLine))**\n")
        try file.close()
    }

    func abandon() {
        try? file.close()
    }
}
