/// The header: the first non-blank line, read before any event.
extension TraceScanner {
    /// Reads up to and including the header line. Afterwards
    /// `report.lineCount` is the number of lines it took and the buffer
    /// starts at the first event line.
    mutating func readHeader(file: String) throws(TraceReadError) -> TraceHeader {
        while true {
            let next = nextLine()
            if let problem = report.problem { throw problem.error(file: file, lineOffset: 0, eventOffset: 0) }
            guard let (bytes, terminated) = next else {
                throw TraceReadError(
                    kind: .notATrace, file: file, line: max(report.lineCount, 1), column: 1,
                    message: "empty trace: expected a header line {\"streamtrace\":1,...}")
            }
            guard let line = Self.content(of: bytes, terminated: terminated, lineNumber: report.lineCount) else {
                continue
            }
            do {
                return try parser.parseHeader(line)
            } catch {
                var failure = problem(error, line: report.lineCount, in: line)
                failure.file = file
                if !terminated, error.kind == .notATrace, !Self.isValidJSON(line, maximumDepth: options.maximumDepth) {
                    // The writer died while writing the header: nothing was recorded.
                    failure.message = "the header line is truncated (no newline, not valid JSON): \(error.message)"
                }
                throw failure
            }
        }
    }
}
