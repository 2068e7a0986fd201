/// One way two traces differ: a header field, an event that differs, or
/// an event only one of them has.
public struct TraceDifference: Sendable, Hashable, CustomStringConvertible {
    /// The 1-based position of the event in both traces, or `nil` for the
    /// header.
    public var event: Int?
    /// What differs: `values differ`, `times differ by 1ms`, `only in expected` …
    public var reason: String
    /// The expected side: its line and what it holds (`nil`: nothing there).
    public var expected: Side?
    /// The actual side.
    public var actual: Side?

    /// One trace's side of a difference.
    public struct Side: Sendable, Hashable {
        /// The trace's name (its path).
        public var file: String
        /// The line of the trace file.
        public var line: Int
        /// The event or header field, as text: `t=+2s  value 3`.
        public var text: String
    }

    public init(event: Int?, reason: String, expected: Side?, actual: Side?) {
        self.event = event
        self.reason = reason
        self.expected = expected
        self.actual = actual
    }

    /// Three lines: what differs, then `- FILE:LINE  text` for the expected
    /// side and `+ FILE:LINE  text` for the actual one (when present).
    public var description: String {
        lines(width: 0).joined(separator: "\n")
    }

    /// The lines, with locations padded to `width`.
    func lines(width: Int) -> [String] {
        var lines = [(event.map { "event \($0)" } ?? "header") + ": " + reason]
        for (sign, side) in [("-", expected), ("+", actual)] {
            guard let side else { continue }
            let location = "\(side.file):\(side.line)"
            lines.append("\(sign) \(location)\(String(repeating: " ", count: max(0, width - location.count)))  \(side.text)")
        }
        return lines
    }
}
