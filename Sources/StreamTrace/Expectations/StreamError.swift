/// A stream's error, as an expectation failure reports it.
public struct StreamError: Sendable, Equatable, CustomStringConvertible {
    /// The error's type name.
    public var type: String
    /// The error's description.
    public var message: String
    /// The error itself: cast it to your error type.
    public var underlying: any Error

    package init(_ error: any Error) {
        let failure = TraceFailure(describing: error)
        self.type = failure.type
        self.message = failure.message
        self.underlying = error
    }

    /// `Type: message`, with what a terminal must not see escaped (see `TerminalText`).
    public var description: String { TerminalText.escaped("\(type): \(message)") }

    public static func == (lhs: StreamError, rhs: StreamError) -> Bool {
        lhs.type == rhs.type && lhs.message == rhs.message
    }
}
