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
        text.replacingScalars { scalar -> String? in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&apos;"
            case "\t", "\n", "\r": inAttribute ? "&#\(scalar.value);" : nil
            case "\u{FFFE}", "\u{FFFF}": "\\u" + String(scalar.value, radix: 16)
            default: TerminalText.isUnsafe(scalar) ? TerminalText.escape(scalar) : nil
            }
        }
    }
}
