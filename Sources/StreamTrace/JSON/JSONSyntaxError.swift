/// A problem found while parsing JSON text: what was wrong and at which byte.
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    /// The zero-based byte offset of the problem in the parsed text.
    public var offset: Int
    /// What was expected and what was found instead.
    public var message: String

    /// Whether the text is valid JSON that breaks a reader rule (say, an event's `"t"` that is not an integer).
    var isRuleViolation = false

    package init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    init(ruleViolation message: String, offset: Int) {
        self.init(offset: offset, message: message)
        isRuleViolation = true
    }

    public var description: String { "byte \(offset): \(message)" }
}
