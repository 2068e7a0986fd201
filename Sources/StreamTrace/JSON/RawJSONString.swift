/// A string literal in a buffer of validated JSON, scanned in place: where its content is, whether it has escapes,
/// and whether it is in *normal form*, as ``JSONOutput`` writes strings (JSON's own escapes in short form, `\u` and
/// four lowercase hex digits for the other characters that must not reach a terminal raw, everything else as UTF-8).
/// Keys compare and hash by their scalars, so `"\u0061"` and `"a"` are one key.
struct RawJSONString {
    /// The bytes between the quotes.
    let content: Range<Int>
    let hasEscapes: Bool
    /// Whether ``JSONOutput`` would write the string as it stands.
    let isNormal: Bool
    /// The offset just after the closing quote.
    var end: Int { content.upperBound + 1 }

    /// Scans the string whose opening quote is at `start`.
    init(at start: Int, in bytes: UnsafeRawBufferPointer) {
        var i = start + 1
        var escapes = false
        var normal = true
        let count = bytes.count
        scan: while i < count {
            i = Self.skipPlain(bytes, from: i)
            guard i < count else { break }
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "\""): break scan
            case UInt8(ascii: "\\"):
                escapes = true
                let (length, isShortest) = Self.escape(at: i, in: bytes)
                normal = normal && isShortest
                i += length
            case 0x7F:
                normal = false
                i += 1
            case ..<0x80:
                i += 1
            default:
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                if normal, byte == 0xC2 || byte == 0xD8 || byte == 0xE2 {
                    normal = JSONOutput.unsafeSequenceLength(bytes.assumingMemoryBound(to: UInt8.self), at: i) == nil
                }
                i += length
            }
        }
        content = (start + 1)..<min(i, count)
        hasEscapes = escapes
        isNormal = normal
    }

    /// Calls `body` with the UTF-8 bytes of the string's scalars (decoded into scratch space if escaped).
    func withScalars<R>(in bytes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        let raw = UnsafeRawBufferPointer(rebasing: bytes[content])
        guard hasEscapes else { return body(raw) }
        return JSONParser.withDecodedEscapes(raw) { body(UnsafeRawBufferPointer($0)) }
    }

    /// Orders two strings of `bytes` by their scalars (UTF-8 byte order): negative, 0 or positive.
    static func compare(_ a: RawJSONString, _ b: RawJSONString, in bytes: UnsafeRawBufferPointer) -> Int {
        a.withScalars(in: bytes) { x in
            b.withScalars(in: bytes) { y in
                zip(x, y).first { $0 != $1 }.map { $0 < $1 ? -1 : 1 } ?? x.count - y.count
            }
        }
    }

    static func equal(_ a: RawJSONString, _ b: RawJSONString, in bytes: UnsafeRawBufferPointer) -> Bool {
        if !a.hasEscapes, !b.hasEscapes, a.content.count != b.content.count { return false }
        return compare(a, b, in: bytes) == 0
    }

    func hash(in bytes: UnsafeRawBufferPointer) -> Int {
        withScalars(in: bytes) { scalars in
            var hasher = Hasher()
            hasher.combine(bytes: scalars)
            return hasher.finalize()
        }
    }

    /// Orders the keys whose opening quotes are at `a` and `b` by their scalars, comparing bytes in place; escapes
    /// are decoded only if one comes before the first difference. Negative, 0 or positive.
    static func compareKeys(at a: Int, _ b: Int, in bytes: UnsafeRawBufferPointer) -> Int {
        var (i, j) = (a + 1, b + 1)
        while i < bytes.count, j < bytes.count {
            let (x, y) = (bytes[i], bytes[j])
            if x == UInt8(ascii: "\\") || y == UInt8(ascii: "\\") {
                return compare(RawJSONString(at: a, in: bytes), RawJSONString(at: b, in: bytes), in: bytes)
            }
            if x == UInt8(ascii: "\"") { return y == UInt8(ascii: "\"") ? 0 : -1 }
            if y == UInt8(ascii: "\"") || x != y { return y == UInt8(ascii: "\"") || x > y ? 1 : -1 }
            i += 1
            j += 1
        }
        return 0
    }

    /// Skips the bytes that need no attention (printable ASCII but `"`, `\` and DEL), eight at a time while it can.
    @inline(__always)
    static func skipPlain(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let count = bytes.count
        var index = start
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while index + 8 <= count {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let delete = word ^ (ones &* 0x7F)
            // Nonzero if a byte is below 0x20, a quote, a backslash, DEL, or 0x80 and above.
            let control = (word &- ones &* 0x20) & ~word
            let found = (quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (delete &- ones) & ~delete
            if (control | found | word) & highs != 0 { break }
            index += 8
        }
        while index < count {
            let byte = bytes[index]
            if byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { break }
            index += 1
        }
        return index
    }

    /// The length of the escape at `i`, and whether it is the one ``JSONOutput`` writes for its character.
    private static func escape(at i: Int, in bytes: UnsafeRawBufferPointer) -> (Int, Bool) {
        guard i + 1 < bytes.count else { return (1, false) }
        switch bytes[i + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
            UInt8(ascii: "r"), UInt8(ascii: "t"):
            return (2, true)
        case UInt8(ascii: "u"):
            guard i + 6 <= bytes.count else { return (bytes.count - i, false) }
            var value: UInt32 = 0
            var lowercase = true
            for k in 2..<6 {
                let digit = bytes[i + k]
                lowercase = lowercase && !(UInt8(ascii: "A")...UInt8(ascii: "F")).contains(digit)
                value = value << 4 | (JSONParser.hexDigit(digit) ?? 0)
            }
            if value >= 0xD800, value <= 0xDBFF { return (12, false) }  // a pair: written as UTF-8
            let needed: Bool
            switch value {
            case 0x08, 0x09, 0x0A, 0x0C, 0x0D: needed = false  // \b \t \n \f \r
            case ..<0x20: needed = true
            default: needed = Unicode.Scalar(value).map(TerminalText.isUnsafe) ?? false
            }
            return (6, lowercase && needed)
        default:
            return (2, false)  // \/
        }
    }
}
