/// Why a trace could not be read, and where: `FILE:LINE:COLUMN: message`.
public struct TraceReadError: Error, Equatable, CustomStringConvertible {
    package enum Kind: Sendable, Equatable {
        /// The file could not be opened or read (missing, a directory, no permission).
        case unreadable
        /// The input has no header line: it is empty or not a trace.
        case notATrace
        case unsupportedVersion
        case invalidJSON
        /// A line is valid JSON but breaks a rule of the trace format.
        case invalidEvent
        case lineTooLong
    }

    package var kind: Kind
    /// The file's name as given (`-` reads as `<stdin>`).
    public var file: String
    /// The 1-based line, or 0 when the problem is not on a line.
    public var line: Int
    /// The 1-based column (in characters), or 0 when the problem is not on a line.
    public var column: Int
    /// What was expected and what was found.
    public var message: String

    package init(kind: Kind, file: String, line: Int, column: Int, message: String) {
        (self.kind, self.file, self.message) = (kind, file, message)
        (self.line, self.column) = (line, column)
    }

    public var description: String {
        line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)"
    }
}

/// Something a reader noticed that does not stop it reading.
public struct TraceReadWarning: Sendable, Equatable, CustomStringConvertible {
    package var file: String
    package var line: Int
    package var column: Int
    package var message: String

    public var description: String { "\(file):\(line):\(column): warning: \(message)" }
}
