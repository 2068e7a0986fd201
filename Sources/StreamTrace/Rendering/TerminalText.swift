/// Text from a trace made safe and measurable for a terminal or a text report: the one sanitizer of every renderer and
/// of the command line. A value, stream name or error message may hold an escape sequence that clears the screen, a
/// newline that forges a result line, or a bidi override that reorders what is read: ``escaped(_:)`` shows each as an
/// escape, and ``width(_:)`` measures text in terminal columns.
package enum TerminalText {
    /// Whether a scalar must never reach a terminal as itself: C0 controls, DEL, C1 controls, bidi embeddings,
    /// overrides, isolates and marks, and the line and paragraph separators.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        case 0x2028, 0x2029: true
        default: false
        }
    }

    /// `text` with every unsafe scalar escaped: `\n`, `\r`, `\t`, else `\u` and four hex digits.
    package static func escaped(_ text: some StringProtocol) -> String {
        guard !isPrintableASCII(text), hasUnsafeScalar(validUTF8: text.utf8) else { return String(text) }
        return String(text).replacingScalars { isUnsafe($0) ? escape($0) : nil }
    }

    /// Whether valid UTF-8 holds a scalar ``isUnsafe(_:)`` escapes: if not, ``escaped(_:)`` leaves its text as it is.
    package static func hasUnsafeScalar(validUTF8 bytes: some Collection<UInt8>) -> Bool {
        bytes.withContiguousStorageIfAvailable(hasUnsafeScalar) ?? hasUnsafeScalar(validUTF8: Array(bytes))
    }

    /// Whether UTF-8 text holds a scalar ``isUnsafe(_:)`` escapes, read from its bytes (no decoding): a C0 control or
    /// DEL; C2 80–9F (C1); D8 9C (U+061C); E2 80 8E–8F, A8–AE (U+200E–200F, U+2028–202E); E2 81 A6–A9 (U+2066–2069).
    private static func hasUnsafeScalar(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let count = bytes.count
        guard let base = bytes.baseAddress else { return false }
        while i < count {
            // 8 bytes of printable ASCII at once: none below 0x20, none from 0x7F.
            if i + 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                let below = (word &- 0x2020_2020_2020_2020) & ~word
                if (below | word | (word &+ 0x0101_0101_0101_0101)) & 0x8080_8080_8080_8080 == 0 {
                    i += 8
                    continue
                }
            }
            let byte = bytes[i]
            i += 1
            if byte >= 0x20, byte != 0x7F, byte != 0xC2, byte != 0xD8, byte != 0xE2 { continue }
            if byte < 0x80 { return true }
            let second = i < count ? bytes[i] : 0
            let third = i + 1 < count ? bytes[i + 1] : 0
            switch (byte, second) {
            case (0xC2, 0x80...0x9F), (0xD8, 0x9C): return true
            case (0xE2, 0x80) where third == 0x8E || third == 0x8F || (0xA8...0xAE).contains(third): return true
            case (0xE2, 0x81) where (0xA6...0xA9).contains(third): return true
            default: continue
            }
        }
        return false
    }

    /// The escape of one unsafe scalar.
    package static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default:
            let hex = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    }

    /// The columns `text` takes on a terminal, once escaped.
    package static func width(_ text: some StringProtocol) -> Int {
        if isPrintableASCII(text) { return text.utf8.count }
        return text.reduce(0) { $0 + width(of: $1) }
    }

    /// Whether every byte of `text` is printable ASCII (space to `~`): then nothing needs escaping and each byte
    /// takes one column, measured without Unicode's tables.
    package static func isPrintableASCII(_ text: some StringProtocol) -> Bool {
        isPrintableASCII(bytes: text.utf8)
    }

    /// Whether UTF-8 bytes are all printable ASCII: nothing to escape.
    package static func isPrintableASCII(bytes: some Collection<UInt8>) -> Bool {
        bytes.withContiguousStorageIfAvailable { $0.allSatisfy(isPrintableASCII) } ?? bytes.allSatisfy(isPrintableASCII)
    }

    private static func isPrintableASCII(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }

    /// The columns one grapheme takes: 2 for East Asian wide and full-width characters and for emoji shown as
    /// pictures, 0 for a lone combining mark or zero-width character, else 1 (an unsafe scalar counts as its escape).
    package static func width(of character: Character) -> Int {
        if let byte = character.utf8.first, byte >= 0x20, byte < 0x7F, character.utf8.count == 1 { return 1 }
        guard let first = character.unicodeScalars.first else { return 0 }
        if isUnsafe(first) { return character.unicodeScalars.reduce(0) { $0 + (isUnsafe($1) ? escape($1).count : 1) } }
        if first.properties.generalCategory == .nonspacingMark || first.properties.generalCategory == .format
            || first.properties.generalCategory == .enclosingMark
        {
            return 0
        }
        if character.unicodeScalars.contains("\u{FE0F}") || first.properties.isEmojiPresentation { return 2 }
        return isWide(first) ? 2 : 1
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges of Unicode's EastAsianWidth.txt, coalesced.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
            0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default: false
        }
    }
}
