// Shared by the libFuzzer targets: JSON text as a hostile user writes it,
// chosen by the fuzzer's bytes.

/// JSON values that are deep, wide, huge or strange, written as text (not
/// through the library's encoder, so that the text can be anything a file
/// holds: duplicate keys, numbers out of range, escapes of lone surrogates,
/// raw bytes that are not UTF-8).
///
/// A few bytes of input can stand for a big value (a wide array repeats
/// one element up to 131,072 times, a huge string one piece up to a
/// million times), bounded by `limit` bytes of output per trace.
struct HostileJSON {
    var input: FuzzBytes
    /// How many bytes a trace may grow to; a wide or huge value stops there.
    let limit: Int
    /// Bytes written so far, over every value.
    var written = 0

    init(_ input: FuzzBytes, limit: Int = 4 << 20) {
        self.input = input
        self.limit = limit
    }

    var hasRoom: Bool { written < limit }

    /// Numbers JSON allows but programs get wrong: out of every range, -0,
    /// exponents, more digits than any float keeps.
    static let numbers = [
        "0", "-0", "1", "-1", "0.1", "1e309", "-1e309", "1e-400", "4.9e-324", "1.7976931348623157e308",
        "9007199254740993", "-9223372036854775808", "9223372036854775807", "9223372036854775808",
        "18446744073709551616", "123456789012345678901234567890.123456789", "1E2", "1e+2", "-0.0e-0", "2.50",
    ]

    /// Pieces of strings, as JSON string text: escapes of controls and lone
    /// surrogates, terminal controls, bidi overrides, combining marks,
    /// joiners and flags, wide characters, markup and CI syntax, and a few
    /// byte sequences that are not UTF-8 (the line is then malformed).
    static let pieces: [[UInt8]] = [
        "a", "search", "\\u001b[2J", "\\u001b]0;title\\u0007", "\\u0000", "\\ud800", "\\udc00\\ud800",
        "\\ud83d\\ude00", "\\n", "\\r\\n", "\\t", "\\\"", "\\\\", "\\/", "\u{202E}", "\u{2066}", "e\u{301}",
        "\u{301}", "\u{301}\u{301}\u{301}", "👨‍👩‍👧‍👦", "🇺🇳🇺", "👍🏽", "日本語", "\u{1100}\u{1161}\u{11A8}",
        "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{85}", "\u{200B}", "\u{E0001}\u{E0041}", "\u{FE0F}", "\u{10FFFF}",
        "#", "%0A", "::error file=x::", "</script>", "<!--", "&amp;", "\u{1B}[31m", "\u{7F}", "\\u007f", "\\u009b",
        "\\uFFFF", "\\uD834\\uDD1E", "ﷺ", "\u{0BF8}", "\u{1F1E6}", "`", "|", "…",
    ].map { Array($0.utf8) }
    static let invalidUTF8: [[UInt8]] = [
        [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80],
    ]

    /// Appends one value; `depth` is how deep it already is.
    mutating func appendValue(to out: inout [UInt8], depth: Int = 0) {
        let start = out.count
        defer { written += out.count - start }
        switch input.below(depth > 6 ? 4 : 11) {
        case 0: out += Array(["null", "true", "false"][input.below(3)].utf8)
        case 1: out += Array(Self.numbers[input.below(Self.numbers.count)].utf8)
        case 2, 3: appendString(to: &out)
        case 4: appendArray(to: &out, count: input.below(6), depth: depth)
        case 5: appendObject(to: &out, count: input.below(6), depth: depth)
        case 6: appendWide(to: &out, depth: depth)
        case 7: appendDeep(to: &out)
        case 8: appendHugeString(to: &out)
        case 9: appendLongNumber(to: &out)
        default: appendObject(to: &out, count: 2, depth: depth, sameKeys: true)
        }
    }

    /// A string of a few pieces; now and then raw bytes of the input.
    mutating func appendString(to out: inout [UInt8]) {
        out.append(0x22)
        for _ in 0..<input.below(5) { appendPiece(to: &out) }
        out.append(0x22)
    }

    mutating func appendPiece(to out: inout [UInt8]) {
        let choice = input.below(Self.pieces.count + 6)
        if choice < Self.pieces.count {
            out += Self.pieces[choice]
        } else if choice == Self.pieces.count {
            out += Self.invalidUTF8[input.below(Self.invalidUTF8.count)]
        } else if choice == Self.pieces.count + 1 {
            out += input.raw(input.below(8))
        } else {
            // Printable ASCII from the input: the fuzzer's own words.
            for byte in input.raw(input.below(12)) {
                let ascii = 0x20 + byte % 0x5F
                out.append(ascii == 0x22 || ascii == 0x5C ? 0x27 : ascii)
            }
        }
    }

    private mutating func appendArray(to out: inout [UInt8], count: Int, depth: Int) {
        out.append(UInt8(ascii: "["))
        for index in 0..<count where hasRoom {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendValue(to: &out, depth: depth + 1)
        }
        out.append(UInt8(ascii: "]"))
    }

    private mutating func appendObject(to out: inout [UInt8], count: Int, depth: Int, sameKeys: Bool = false) {
        out.append(UInt8(ascii: "{"))
        var key: [UInt8] = []
        for index in 0..<count where hasRoom {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            if !sameKeys || key.isEmpty {
                key.removeAll()
                appendString(to: &key)
            }
            out += key
            out.append(UInt8(ascii: ":"))
            appendValue(to: &out, depth: depth + 1)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// An array of one element repeated, or an object of numbered keys
    /// (or one key repeated), up to 131,072 entries.
    private mutating func appendWide(to out: inout [UInt8], depth: Int) {
        let count = 1 << input.below(18)
        let shape = input.below(3)
        var element: [UInt8] = []
        appendValue(to: &element, depth: depth + 1)
        out.append(UInt8(ascii: shape == 0 ? "[" : "{"))
        for index in 0..<count where written + out.count < limit {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            if shape == 1 { out += Array("\"k\(index)\":".utf8) }
            if shape == 2 { out += Array("\"k\":".utf8) }
            out += element
        }
        out.append(UInt8(ascii: shape == 0 ? "]" : "}"))
    }

    /// Arrays or objects nested up to 1,020 deep (the reader's limit is
    /// 512 by default): past the limit, the line is malformed.
    private mutating func appendDeep(to out: inout [UInt8]) {
        let depth = Int(input.next()) * 4 + input.below(4)
        let objects = input.flag()
        for _ in 0..<depth { out += objects ? Array("{\"a\":".utf8) : [UInt8(ascii: "[")] }
        appendString(to: &out)
        for _ in 0..<depth { out.append(UInt8(ascii: objects ? "}" : "]")) }
    }

    /// One piece repeated up to a million times.
    private mutating func appendHugeString(to out: inout [UInt8]) {
        var piece: [UInt8] = []
        appendPiece(to: &piece)
        if piece.isEmpty { piece = [UInt8(ascii: "x")] }
        let count = 1 << input.below(21)
        out.append(0x22)
        for _ in 0..<count where written + out.count < limit { out += piece }
        out.append(0x22)
    }

    /// A number with up to 2,040 digits, maybe a fraction and an exponent.
    private mutating func appendLongNumber(to out: inout [UInt8]) {
        if input.flag() { out.append(UInt8(ascii: "-")) }
        out.append(UInt8(ascii: "1"))
        let digits = Int(input.next()) * 8
        for index in 0..<digits { out.append(UInt8(ascii: "0") + UInt8(index % 10)) }
        if input.flag() { out += Array(".5".utf8) }
        if input.flag() { out += Array("e\(["-", "+", ""][input.below(3)])\(input.next())\(input.next())".utf8) }
    }
}
