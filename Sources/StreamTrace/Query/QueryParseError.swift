/// Why a query does not parse, and where: the column (in characters, from
/// 1) of the problem.
///
/// ```
/// prefix x
///        ^ expected a whole number after 'prefix'
/// ```
public struct QueryParseError: Error, Equatable, CustomStringConvertible {
    /// The query as written.
    public var query: String
    /// The 1-based column of the problem.
    public var column: Int
    /// What was expected and what was found.
    public var message: String

    public init(query: String, column: Int, message: String) {
        self.query = query
        self.column = column
        self.message = message
    }

    /// `column 8: expected a whole number after 'prefix'`
    public var description: String { "column \(column): \(message)" }

    /// The query, and a caret under the problem followed by the message.
    public var pointer: String {
        query + "\n" + String(repeating: " ", count: max(0, column - 1)) + "^ " + message
    }
}
