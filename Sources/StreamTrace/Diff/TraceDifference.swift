/// One way two traces differ: a header field, an event that differs, or an event only one of them has.
package struct TraceDifference: Sendable, Hashable, CustomStringConvertible {
    /// The event's 1-based position in the expected trace; `nil` for the header and an event only in actual.
    package var expectedEvent: Int?
    /// Its position in the actual trace; `nil` for the header and an event only in expected.
    package var actualEvent: Int?
    /// What differs: `values differ`, `times differ by 1ms`, `only in expected` …
    package var reason: String
    /// The expected side: its line and what it holds (`nil`: nothing there).
    package var expected: Side?
    package var actual: Side?
    /// The part of the traces a difference that is not an event is in (`header`).
    package var part = "header"

    package struct Side: Sendable, Hashable {
        /// The trace's name (its path).
        package var file: String
        package var line: Int
        /// The event or header field, as text: `t=+2s  value 3`.
        package var text: String
    }

    /// Where: `event 3`, or `event 3 of expected, 4 of actual` once a one-sided event shifted them; `nil`: the header.
    var place: String? {
        switch (expectedEvent, actualEvent) {
        case (let expected?, let actual?) where expected != actual: "event \(expected) of expected, \(actual) of actual"
        case (let expected?, _): "event \(expected)"
        case (nil, let actual?): "event \(actual)"
        case (nil, nil): nil
        }
    }

    /// Three lines: what differs, then `- FILE:LINE  text` (expected) and `+ FILE:LINE  text` (actual), when present.
    package var description: String {
        lines(width: 0).joined(separator: "\n")
    }

    /// The lines, with locations padded to `width`.
    func lines(width: Int) -> [String] {
        var lines = [(place ?? part) + ": " + reason]
        for (sign, side) in [("-", expected), ("+", actual)] {
            guard let side else { continue }
            let location = "\(side.file):\(side.line)"
            lines.append(
                "\(sign) \(location)\(String(repeating: " ", count: max(0, width - location.count)))  \(side.text)")
        }
        return lines
    }
}
