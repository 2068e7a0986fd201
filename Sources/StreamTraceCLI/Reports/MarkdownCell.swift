import StreamTrace

/// Text for a cell of a Markdown table (GitHub's step summary), shown as it is: nothing in it can end the cell or row
/// or start a link, image, HTML, emphasis, code, math, mention or emoji. Characters Markdown or HTML would read become
/// character references, which GitHub shows as the characters; line ends and controls are escaped as in terminal
/// output; a long text is cut to `limit` characters with `…`.
enum MarkdownCell {
    static func escaped(_ text: String, limit: Int = 300) -> String {
        var escaped = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                escaped += "…"
                break
            }
            count += 1
            switch scalar {
            case "&", "<", ">", "\"", "'", "|", "\\", "`", "*", "_", "[", "]", "~", "$", "@", "#", "!", ":":
                escaped += "&#\(scalar.value);"
            default:
                escaped += TerminalText.isUnsafe(scalar) ? TerminalText.escape(scalar) : String(scalar)
            }
        }
        return escaped
    }
}
