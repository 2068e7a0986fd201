/// A marble diagram that cannot be read, and where: the column (1-based, one per character as Swift counts them: an
/// emoji is one) of the character at fault.
///
/// ```swift
/// // throws marbles "-a-(b": column 4: '(' is never closed
/// _ = try TestStream<String>(validating: "-a-(b", clock: TestClock())
/// ```
public struct MarbleSyntaxError: Error, Equatable, CustomStringConvertible {
    /// The diagram as written.
    public var diagram: String
    /// The 1-based column of the character at fault; `nil` when the fault is not in the diagram (a frame that is not
    /// longer than zero).
    public var column: Int?
    /// What is wrong, in one line.
    public var message: String

    package init(diagram: String, column: Int?, message: String) {
        self.diagram = diagram
        self.column = column
        self.message = message
    }

    /// `marbles "-a-(b": column 4: '(' is never closed`.
    public var description: String {
        let place = column.map { "column \($0): " } ?? ""
        return "marbles \(ValueText.quoted(diagram, limit: 60)): \(place)\(message)"
    }

    /// The diagram and a caret under the column at fault, for a failure message's details: `-a-(b` over ` ^`.
    var pointed: String? {
        guard let column else { return nil }
        let before = String(diagram.prefix(column - 1))
        return TerminalText.escaped(diagram) + "\n"
            + String(repeating: " ", count: TerminalText.width(TerminalText.escaped(before))) + "^"
    }
}
