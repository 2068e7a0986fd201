import StreamTrace

/// A command-line problem: a usage error, always exit status 2.
struct CLIError: Error, Equatable {
    /// One line: what is wrong.
    var message: String
    /// Lines that show where (a query with a caret under the problem).
    var detail: [String] = []
    /// The command whose help explains the usage.
    var command: String?

    static func usage(_ message: String, command: String?) -> CLIError {
        CLIError(message: message, command: command)
    }

    static func query(_ error: QueryParseError, number: Int) -> CLIError {
        CLIError(
            message: "query \(number), column \(error.column): \(error.message)", detail: pointer(error),
            command: "check")
    }

    /// A query in a spec file that does not parse: `FILE:LINE:COLUMN: message`.
    static func query(_ error: QueryParseError, file: String, line: Int) -> CLIError {
        CLIError(message: "\(file):\(line):\(error.column): \(error.message)", detail: pointer(error), command: "check")
    }

    private static func pointer(_ error: QueryParseError) -> [String] {
        let (line, caret) = error.excerpt
        return ["  " + line, "  " + caret]
    }
}
