/// The header: the first non-blank line, read line by line before any
/// event, with ``TraceReader``'s checks and messages.
extension TraceChunkScanner {
    /// Reads up to and including the header line. Afterwards
    /// `report.lineCount` is the number of lines it took and the buffer
    /// starts at the first event line.
    mutating func readHeader(file: String) throws(TraceReadError) -> TraceHeader {
        while true {
            let next: (UnsafeRawBufferPointer, Bool)?
            do {
                next = try nextLine()
            } catch {
                switch error {
                case .io(let message):
                    throw TraceReadError(
                        kind: .unreadable, file: file, line: report.lineCount + 1, column: 1,
                        message: "cannot read: \(message)")
                }
            }
            if let problem = report.problem { throw problem.error(file: file, lineOffset: 0, eventOffset: 0) }
            guard let (bytes, terminated) = next else {
                throw TraceReadError(
                    kind: .notATrace, file: file, line: max(report.lineCount, 1), column: 1,
                    message: "empty trace: expected a header line {\"streamtrace\":1,...}")
            }
            var line = bytes
            if report.lineCount == 1, line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF {
                line = UnsafeRawBufferPointer(rebasing: line[3...])
            }
            if terminated, let last = line.last, last == 0x0D {
                line = UnsafeRawBufferPointer(rebasing: line[..<(line.count - 1)])
            }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            return try header(line, terminated: terminated, file: file)
        }
    }

    private func header(_ line: UnsafeRawBufferPointer, terminated: Bool, file: String) throws(TraceReadError)
        -> TraceHeader
    {
        let number = report.lineCount
        do {
            return try parser.parseHeader(line)
        } catch {
            let column = TraceReader.column(of: error.offset, in: line)
            if !terminated, error.kind == .notATrace, !TraceReader.isValidJSON(line, maximumDepth: options.maximumDepth)
            {
                throw TraceReadError(
                    kind: .notATrace, file: file, line: number, column: column,
                    message: "the header line is truncated (no newline, not valid JSON): \(error.message)")
            }
            throw TraceReadError(kind: error.kind, file: file, line: number, column: column, message: error.message)
        }
    }
}
