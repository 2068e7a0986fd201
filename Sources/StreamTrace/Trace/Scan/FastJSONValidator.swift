#if arch(x86_64) && os(Linux)
import StreamTraceBytes
#endif

/// Checks a JSON value in place without building it: the scanner's fast path. It accepts a subset of what
/// ``JSONParser/skipValue()`` accepts, with the same extent, and returns `nil` (never a message) for the rest, which
/// the exact parser then reads. A string's end is found in a ``Window`` of 64 classified bytes shared by the strings
/// that open in it, a long string's rest 16 bytes a step (``ByteVector/stringSpecials16(_:_:)``) or 32 where the
/// processor runs AVX2 (``wide``); structure is a loop with a stack of container kinds in one 64-bit word. The bytes
/// must end in a NUL sentinel within the buffer's padding: NUL is never valid JSON, so every loop stops there.
struct FastJSONValidator {
    let base: UnsafeRawPointer
    /// How deep containers may nest in a value: as in the exact parser (`maximumDepth - 1`), but at most 64.
    let maximumNesting: Int
    /// Whether a long string's rest is scanned 32 bytes a step (``ByteVector/processorRunsAVX2``).
    var wide = false

    static func nesting(maximumDepth: Int) -> Int { max(0, min(maximumDepth - 1, 64)) }

    @inline(__always) func byte(_ offset: Int) -> UInt8 { base.load(fromByteOffset: offset, as: UInt8.self) }

    /// The offset just past the value at `start` (no white space before it), or `nil` if it is not plainly valid.
    @inline(__always)
    func value(at start: Int) -> Int? {
        // Offsets stay within one buffer and its padding, far from Int.max: no overflow checks needed.
        var i = start
        var depth = 0
        // Bit d set when the container d levels out from the innermost one is an object: a push shifts in, a pop out.
        var kinds: UInt64 = 0
        // Whether a member's key comes first (keys are read in one place, which the optimizer inlines).
        var key = false
        var window = Window()
        while true {
            if key {
                guard let next = member(at: i, &window) else { return nil }
                i = next
            }
            switch byte(i) {
            case UInt8(ascii: "\""):
                guard let end = string(at: i, &window) else { return nil }
                i = end
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let open = byte(i)
                guard depth < maximumNesting else { return nil }
                i = space(i &+ 1)
                // `}` and `]` are two past `{` and `[`.
                if byte(i) == open &+ 2 {
                    i &+= 1
                } else {
                    key = open == UInt8(ascii: "{")
                    kinds = kinds &<< 1 | (key ? 1 : 0)
                    depth &+= 1
                    continue
                }
            default:
                guard let end = scalar(at: i) else { return nil }
                i = end
            }
            // After a value: close containers until a comma opens the next.
            while true {
                if depth == 0 { return i }
                i = space(i)
                let isObject = kinds & 1 == 1
                let next = byte(i)
                if next == UInt8(ascii: ",") {
                    i = space(i &+ 1)
                    key = isObject
                    break
                }
                guard next == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return nil }
                depth &-= 1
                kinds &>>= 1
                i &+= 1
            }
        }
    }

    /// Skips `"key" :` and the white space after it: the offset of the member's value.
    @inline(__always)
    private func member(at offset: Int, _ window: inout Window) -> Int? {
        guard byte(offset) == UInt8(ascii: "\""), let end = string(at: offset, &window) else { return nil }
        let colon = space(end)
        guard byte(colon) == UInt8(ascii: ":") else { return nil }
        return space(colon &+ 1)
    }

    /// Skips spaces, tabs and carriage returns (a line holds no `\n`); compact JSON has none: one comparison.
    @inline(__always)
    private func space(_ offset: Int) -> Int {
        if byte(offset) > 0x20 { return offset }
        var i = offset
        while true {
            // A space, a tab or a carriage return: bits 32, 9 and 13. One comparison for any other byte.
            let b = byte(i)
            guard b <= 0x20, (0x1_0000_2200 as UInt64) &>> UInt64(b) & 1 == 1 else { return i }
            i &+= 1
        }
    }

    /// A number or a literal.
    @inline(__always)
    private func scalar(at offset: Int) -> Int? {
        switch byte(offset) {
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number(at: offset)
        case UInt8(ascii: "t"): return word32(offset) == Self.trueWord ? offset &+ 4 : nil
        case UInt8(ascii: "f"): return word32(offset &+ 1) == Self.alseWord ? offset &+ 5 : nil
        case UInt8(ascii: "n"): return word32(offset) == Self.nullWord ? offset &+ 4 : nil
        default: return nil
        }
    }

    /// Four bytes as a little-endian word: a literal compared at once.
    @inline(__always)
    private func word32(_ offset: Int) -> UInt32 {
        UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// `true`, `alse` (after the `f`), `null` (literals: no `swift_once`).
    @inline(__always) static var trueWord: UInt32 { 0x6575_7274 }
    @inline(__always) static var alseWord: UInt32 { 0x6573_6C61 }
    @inline(__always) static var nullWord: UInt32 { 0x6C6C_756E }
}

/// Numbers and strings: the grammar of ``JSONParser/scanNumber()`` and ``JSONParser/scanString()``, yes or no only.
extension FastJSONValidator {
    @inline(__always)
    private func isDigit(_ offset: Int) -> Bool { byte(offset) &- UInt8(ascii: "0") < 10 }

    @inline(__always)
    private func digits(from offset: Int) -> Int {
        var i = offset
        while isDigit(i) { i &+= 1 }
        return i
    }

    /// ``digits(from:)`` for a decimal's fraction, 16 bytes a step: a `Double`'s fraction has up to 17 digits, where
    /// the byte loop's last branch, mispredicted, costs more than the classification.
    @inline(__always)
    private func fractionDigits(from offset: Int) -> Int {
        var i = offset
        while true {
            let others = ByteVector.nonDigits16(base, i)
            if others != 0 { return i &+ others.trailingZeroBitCount }
            i &+= 16
        }
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`. A digit right after a leading `0` ends the number here; the
    /// caller rejects the byte after a value.
    @inline(__always)
    func number(at offset: Int) -> Int? {
        var i = offset
        if byte(i) == UInt8(ascii: "-") { i &+= 1 }
        guard isDigit(i) else { return nil }
        i = byte(i) == UInt8(ascii: "0") ? i &+ 1 : digits(from: i &+ 1)
        if byte(i) == UInt8(ascii: ".") {
            guard isDigit(i &+ 1) else { return nil }
            i = fractionDigits(from: i &+ 2)
        }
        if byte(i) | 0x20 == UInt8(ascii: "e") {
            i &+= 1
            if byte(i) == UInt8(ascii: "+") || byte(i) == UInt8(ascii: "-") { i &+= 1 }
            guard isDigit(i) else { return nil }
            i = digits(from: i &+ 1)
        }
        return i
    }

    /// 64 bytes of a value from `start`, classified at once for the strings that open in them: a value's short
    /// strings (its keys above all) then cost a shift each instead of a load and a classification, and each string's
    /// end, on which the next token waits, is found sooner.
    struct Window {
        /// Far before any offset: the first string finds the window empty.
        var start = Int.min / 2
        /// The bytes that need attention in a string (``ByteVector/stringSpecials16(_:_:)``).
        var specials: UInt64 = 0
    }

    /// `offset`'s place in `window`, first moved to start at `offset` unless `offset` is in its first 48 bytes (a
    /// string whose bytes start there has 16 or more of them in the window).
    @inline(__always)
    private func place(_ offset: Int, in window: inout Window) -> UInt64 {
        if UInt(bitPattern: offset &- window.start) >= 48 {
            window = Window(start: offset, specials: ByteVector.stringSpecials64(base, offset))
        }
        return UInt64(truncatingIfNeeded: offset &- window.start)
    }

    /// The offset after the closing quote of the string opening at `offset`, or `nil` for one the exact parser would
    /// reject (or that runs into the sentinel). Only the scan and a plain string's end are inlined.
    @inline(__always)
    func string(at offset: Int, _ window: inout Window) -> Int? {
        let from = offset &+ 1
        let place = place(from, in: &window)
        let rest = window.specials &>> place
        let special =
            rest != 0 ? from &+ rest.trailingZeroBitCount : nextStringSpecial(from: window.start &+ 64)
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

    /// The first byte at or after `offset` that needs attention in a string (up to the sentinel): the first 16 bytes
    /// here, then 32 bytes a step in C where the processor runs AVX2, else 16 here.
    @inline(__always)
    func nextStringSpecial(from offset: Int) -> Int {
        let first = ByteVector.stringSpecials16(base, offset)
        if first != 0 { return offset &+ first.trailingZeroBitCount }
        #if arch(x86_64) && os(Linux)
        if wide {
            let rest = (base + (offset &+ 16)).assumingMemoryBound(to: UInt8.self)
            return offset &+ 16 &+ streamtrace_string_special_avx2(rest)
        }
        #endif
        var i = offset &+ 16
        while true {
            let mask = ByteVector.stringSpecials16(base, i)
            if mask != 0 { return i &+ mask.trailingZeroBitCount }
            i &+= 16
        }
    }

    /// One escape sequence; `\u` escapes must be 4 hex digits, surrogates in high-low pairs.
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

    /// One multi-byte UTF-8 character, by the exact parser's rules: no overlong forms, surrogates or beyond U+10FFFF.
    private func utf8Scalar(at offset: Int) -> Int? {
        guard let sequence = UTF8Sequence(lead: byte(offset)) else { return nil }
        for k in 1..<sequence.length where !sequence.range(ofByte: k).contains(byte(offset + k)) { return nil }
        return offset + sequence.length
    }
}
