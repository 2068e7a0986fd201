/// Numbers and strings for ``FastJSONValidator``: the grammar of
/// ``JSONParser/scanNumber()`` and ``JSONParser/scanString()``, answering
/// only yes or no.
extension FastJSONValidator {
    @inline(__always)
    private func isDigit(_ offset: Int) -> Bool { byte(offset) &- UInt8(ascii: "0") < 10 }

    @inline(__always)
    private func digits(from offset: Int) -> Int {
        var i = offset
        while isDigit(i) { i &+= 1 }
        return i
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`. A digit right after
    /// a leading `0` ends the number here; the byte after a value is checked
    /// by the caller, which rejects it. (Offsets stay within the buffer:
    /// no overflow checks.)
    @inline(__always)
    func number(at offset: Int) -> Int? {
        var i = offset
        if byte(i) == UInt8(ascii: "-") { i &+= 1 }
        guard isDigit(i) else { return nil }
        i = byte(i) == UInt8(ascii: "0") ? i &+ 1 : digits(from: i &+ 1)
        if byte(i) == UInt8(ascii: ".") {
            guard isDigit(i &+ 1) else { return nil }
            i = digits(from: i &+ 2)
        }
        if byte(i) | 0x20 == UInt8(ascii: "e") {
            i &+= 1
            if byte(i) == UInt8(ascii: "+") || byte(i) == UInt8(ascii: "-") { i &+= 1 }
            guard isDigit(i) else { return nil }
            i = digits(from: i &+ 1)
        }
        return i
    }

    /// The offset after the closing quote of the string whose opening quote
    /// is at `offset`, or `nil` for a string the exact parser would reject
    /// (or that runs into the sentinel).
    ///
    /// Inlined: the scan to the first byte that needs attention, and a
    /// plain string's closing quote; the rest (escapes, multi-byte
    /// characters, rejections) is a call.
    @inline(__always)
    func string(at offset: Int) -> Int? {
        let special = nextStringSpecial(from: offset &+ 1)
        if byte(special) == UInt8(ascii: "\"") { return special &+ 1 }
        return string(from: special)
    }

    /// The rest of a string from its first byte that needs attention.
    @inline(never)
    private func string(from offset: Int) -> Int? {
        var i = offset
        while true {
            let b = byte(i)
            if b == UInt8(ascii: "\"") { return i &+ 1 }
            if b == UInt8(ascii: "\\") {
                guard let next = escape(at: i) else { return nil }
                i = next
            } else if b >= 0x80 {
                guard let next = utf8Scalar(at: i) else { return nil }
                i = next
            } else {
                return nil  // a control character, or the sentinel
            }
            i = nextStringSpecial(from: i)
        }
    }

    /// The first byte at or after `offset` that needs attention inside a
    /// string, 16 bytes a step. Relies on the buffer's NUL sentinel.
    @inline(__always)
    func nextStringSpecial(from offset: Int) -> Int {
        var i = offset
        while true {
            let mask = ByteVector.stringSpecials16(base, i)
            if mask != 0 { return i &+ mask.trailingZeroBitCount }
            i &+= 16
        }
    }

    /// One escape sequence; `\u` escapes must be 4 hex digits, surrogates
    /// in high-low pairs.
    @inline(__always)
    private func escape(at offset: Int) -> Int? {
        switch byte(offset + 1) {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return offset + 2
        case UInt8(ascii: "u"):
            guard let unit = hex4(at: offset + 2) else { return nil }
            if unit >= 0xDC00, unit <= 0xDFFF { return nil }
            guard unit >= 0xD800, unit <= 0xDBFF else { return offset + 6 }
            guard byte(offset + 6) == UInt8(ascii: "\\"), byte(offset + 7) == UInt8(ascii: "u"),
                let low = hex4(at: offset + 8), low >= 0xDC00, low <= 0xDFFF
            else { return nil }
            return offset + 12
        default:
            return nil
        }
    }

    private func hex4(at offset: Int) -> UInt32? {
        var value: UInt32 = 0
        for k in 0..<4 {
            let b = byte(offset + k)
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b &- UInt8(ascii: "a") &+ 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b &- UInt8(ascii: "A") &+ 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// One multi-byte UTF-8 character, with the exact parser's rules: no
    /// overlong forms, no surrogates, nothing above U+10FFFF.
    private func utf8Scalar(at offset: Int) -> Int? {
        guard let sequence = UTF8Sequence(lead: byte(offset)) else { return nil }
        for k in 1..<sequence.length where !sequence.range(ofByte: k).contains(byte(offset + k)) { return nil }
        return offset + sequence.length
    }
}
