/// How text is fitted into columns: the one truncation and padding policy
/// of every renderer (show's table, failure messages, shape tables, check's
/// results).
///
/// Text that does not fit keeps its first `columns - 1` characters and ends
/// with `…`, so a reader always sees that something was cut.
///
/// ```swift
/// let cut = TextLayout.truncated("swiftui", to: 5)  // "swif…"
/// let padded = TextLayout.padded("t", to: 4, alignment: .right)  // "   t"
/// ```
package enum TextLayout {
    /// Where padding goes.
    package enum Alignment {
        case left, right
    }

    /// What ends a cut text.
    package static let ellipsis: Character = "…"

    /// `text` if it fits in `columns` characters, else its first
    /// `columns - 1` characters and `…`.
    package static func truncated(_ text: some StringProtocol, to columns: Int) -> String {
        guard text.count > columns else { return String(text) }
        return String(text.prefix(max(columns - 1, 0))) + String(ellipsis)
    }

    /// `text` padded with spaces to `columns` characters (never cut).
    package static func padded(_ text: some StringProtocol, to columns: Int, alignment: Alignment = .left) -> String {
        let padding = String(repeating: " ", count: max(0, columns - text.count))
        return alignment == .left ? text + padding : padding + text
    }

    /// `text` cut to `columns` characters, then padded to exactly `columns`.
    package static func fitted(_ text: some StringProtocol, to columns: Int) -> String {
        padded(truncated(text, to: columns), to: columns)
    }

    /// `text` without trailing spaces.
    package static func trimmingTrailingSpaces(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }
}
