import StreamTrace

/// Text for a cell of a Markdown table (GitHub's step summary), shown as
/// it is: nothing in it can end the cell or the row, start a link, an
/// image, HTML, emphasis, code, math, a mention or an emoji.
///
/// Characters Markdown or HTML would read are written as HTML character
/// references, which GitHub shows as the characters; line ends and control
/// characters are written as escapes (`\n`, `\u001b`), as the terminal
/// output writes them; a long text is cut to `limit` characters with `…`.
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
