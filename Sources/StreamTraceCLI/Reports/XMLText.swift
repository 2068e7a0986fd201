import StreamTrace

/// Text made safe for XML 1.0, whatever a trace holds: `&`, `<`, `>`, `"` and `'` become entities (so `]]>` cannot
/// occur); what XML 1.0 forbids (C0 controls but tab, LF and CR; U+FFFE, U+FFFF) and what must not reach a terminal raw
/// (DEL, C1 and bidi controls: a CI page shows them too) become `\uXXXX` text, as in terminal output. In an attribute,
/// tab, LF and CR are character references, which a parser keeps rather than turning into spaces.
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
