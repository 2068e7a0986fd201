import StreamTrace

/// Text made safe for XML 1.0, whatever a trace holds.
///
/// `&`, `<`, `>`, `"` and `'` become entities (so `]]>` cannot occur);
/// the characters XML 1.0 does not allow at all (C0 controls but tab, line
/// feed and carriage return; U+FFFE, U+FFFF) and those that must not reach
/// a terminal raw (DEL, C1 controls, bidi controls: a CI page shows them
/// too) are written as `\uXXXX` text, as the terminal output writes them.
/// In an attribute, tab, line feed and carriage return are character
/// references, so that a parser keeps them instead of turning them into
/// spaces.
enum XMLText {
    static func escaped(_ text: String, inAttribute: Bool) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n", "\r":
                if inAttribute {
                    escaped += "&#\(scalar.value);"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            case "\u{FFFE}", "\u{FFFF}": escaped += "\\u" + String(scalar.value, radix: 16)
            default:
                if TerminalText.isUnsafe(scalar) {
                    escaped += TerminalText.escape(scalar)
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }
}
