/// `--format github`: an annotation per failure (`::error file=…,line=…,title=…::…`), then the closing line.
final class GitHubReport: CaseReport {
    private var suite = ""

    func begin(suite: String) throws(OutputError) {
        self.suite = suite
    }

    func add(_ item: ReportCase) throws(OutputError) {
        let message: String
        switch item.verdict {
        case .pass, .skipped: return
        case .fail(_, _, let explanation): message = explanation
        case .error(_, let text): message = text
        }
        try Console.out(
            WorkflowCommand.line(
                "error", file: item.file, line: item.line, title: "\(suite): \(item.name)", message: message)
        )
    }

    func warning(file: String, line: Int, message: String) throws(OutputError) {
        try Console.out(
            WorkflowCommand.line("warning", file: file, line: line, title: "\(file): warning", message: message))
    }

    func finish(closingLine: String) throws(OutputError) {
        try Console.out(closingLine)
    }
}
