/// How text is fitted into terminal columns: the one truncation and padding policy of every renderer. Columns are
/// measured by ``TerminalText/width(_:)``, graphemes are never split, a cut text ends with `…` so a reader sees the
/// cut, and a width of 0 or less fits nothing. Text from a trace is escaped (``TerminalText``) before it is measured.
package enum TextLayout {
    package enum Alignment {
        case left, right
    }

    package static let ellipsis: Character = "…"

    /// `text` if it fits in `columns`, else as much of it as fits in `columns - 1` and `…`.
    package static func truncated(_ text: some StringProtocol, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        if TerminalText.isPrintableASCII(text) {
            guard text.utf8.count > columns else { return String(text) }
            return String(decoding: text.utf8.prefix(columns - 1), as: UTF8.self) + String(ellipsis)
        }
        // One walk, which stops once the text is known not to fit, remembering where the cut would go.
        var cut = text.startIndex
        var used = 0
        for index in text.indices {
            let width = TerminalText.width(of: text[index])
            if used + width > columns {
                return String(text[..<cut]) + String(ellipsis)
            }
            used += width
            if used <= columns - 1 { cut = text.index(after: index) }
        }
        return String(text)
    }

    /// `text` padded with spaces to `columns` (never cut).
    package static func padded(_ text: some StringProtocol, to columns: Int, alignment: Alignment = .left) -> String {
        func joined(_ spaces: Int) -> String {
            let padding = String(repeating: " ", count: spaces)
            return alignment == .left ? text + padding : padding + text
        }
        var spaces = max(0, columns - TerminalText.width(text))
        var result = joined(spaces)
        guard !TerminalText.isPrintableASCII(text) else { return result }
        // A character that joins its neighbour into one grapheme (a prepended concatenation mark before the padding, a
        // combining mark after it) takes a space with it: pad until the whole is as wide (one join per side at most).
        for _ in 0..<2 where TerminalText.width(result) < columns {
            spaces += 1
            result = joined(spaces)
        }
        return result
    }

    /// `entries` packed into lines of at most `columns`, three spaces apart; an entry wider than a line is cut.
    package static func packed(_ entries: [String], to columns: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for entry in entries.map({ truncated($0, to: columns) }) {
            if !line.isEmpty, TerminalText.width(line) + 3 + TerminalText.width(entry) <= columns {
                line += "   " + entry
            } else {
                if !line.isEmpty { lines.append(line) }
                line = entry
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
