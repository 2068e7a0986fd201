/// The fast path for one event line in the writer's layout, `{"t":N,"event":"K"}` or
/// `{"t":N,"event":"value","value":V}` ending in `\n` or `\r\n`: fixed parts compared 8 bytes at a time, `V` checked
/// by ``FastJSONValidator``. Anything else (another key order, white space, extra keys, `request` and `failure`
/// events, a leading zero, a line cut by the buffer's end) returns `nil`, for the exact parser to read.
struct FastEventLine {
    var kind: EventKind
    var nanoseconds: Int64
    /// The value's bytes (for a `value` event), as offsets in the buffer.
    var valueStart: Int
    var valueEnd: Int
    /// Where the line's text ends (its `\r\n` or `\n` excluded).
    var contentEnd: Int
    var next: Int

    /// The column of `t`'s digits, for a message about them.
    static var timeColumn: Int { 6 }

    @inline(__always)
    static func word(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    // The fixed parts as little-endian words (literals: a `static let` costs a `swift_once` check per line).
    /// `{"t":` (5 bytes).
    @inline(__always) static var open: UInt64 { 0x3A_2274_227B }
    /// `,"event"`, then `:"`.
    @inline(__always) static var eventKey: UInt64 { 0x2274_6E65_7665_222C }
    /// `value","`, then `"value":` from 7 bytes on.
    @inline(__always) static var valueKind: UInt64 { 0x222C_2265_756C_6176 }
    @inline(__always) static var valueKey: UInt64 { 0x3A22_6575_6C61_7622 }
    /// `finished`, `subscrib` and `scribe"}` from 3 bytes on, `cancel"}`.
    @inline(__always) static var finished: UInt64 { 0x6465_6873_696E_6966 }
    @inline(__always) static var subscribe: UInt64 { 0x6269_7263_7362_7573 }
    @inline(__always) static var subscribeEnd: UInt64 { 0x7D22_6562_6972_6373 }
    @inline(__always) static var cancel: UInt64 { 0x7D22_6C65_636E_6163 }

    /// Reads the line that starts at `start`; `validator` shares its base.
    @inline(__always)
    static func parse(_ validator: FastJSONValidator, at start: Int) -> FastEventLine? {
        let base = validator.base
        guard word(base, start) & 0xFF_FFFF_FFFF == open else { return nil }
        guard let (time, digits) = parseTime(base, at: start &+ 5) else { return nil }
        var i = start &+ 5 &+ digits
        guard word(base, i) == eventKey,
            base.loadUnaligned(fromByteOffset: i &+ 8, as: UInt16.self) == UInt16(littleEndian: 0x223A)
        else { return nil }
        i &+= 10
        let kindWord = word(base, i)
        if kindWord == valueKind, word(base, i &+ 7) == valueKey {
            let valueStart = i &+ 15
            guard let valueEnd = validator.value(at: valueStart) else { return nil }
            return finish(base, kind: .value, time, valueStart: valueStart, closing: valueEnd)
        }
        if kindWord == finished, base.load(fromByteOffset: i &+ 8, as: UInt8.self) == UInt8(ascii: "\"") {
            return finish(base, kind: .finished, time, valueStart: 0, closing: i &+ 9)
        }
        if kindWord == subscribe, word(base, i &+ 3) == subscribeEnd {
            return finish(base, kind: .subscribe, time, valueStart: 0, closing: i &+ 10)
        }
        if kindWord == cancel { return finish(base, kind: .cancel, time, valueStart: 0, closing: i &+ 7) }
        return nil
    }

    /// `t`'s digits: a plain integer of 1 to 18 digits (so no overflow), no leading zero. The first 8 bytes are
    /// classified and converted at once (SWAR), further digits one at a time.
    @inline(__always)
    static func parseTime(_ base: UnsafeRawPointer, at offset: Int) -> (Int64, Int)? {
        // Digits become 0...9; every other byte stays at 10 or above.
        let digits = word(base, offset) ^ 0x3030_3030_3030_3030
        let leading = digitCount(digits)
        guard leading > 0, leading == 1 || digits & 0xFF != 0 else { return nil }
        guard leading == 8 else {
            // The digits moved to the top bytes, zeros (leading zeros) below.
            let aligned = digits &<< UInt64(truncatingIfNeeded: 64 &- 8 &* leading)
            return (Int64(eightDigits(aligned)), leading)
        }
        var value = eightDigits(digits)
        var count = 8
        while true {
            let digit = base.load(fromByteOffset: offset &+ count, as: UInt8.self) &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value &* 10 &+ UInt64(digit)
            count &+= 1
        }
        guard count <= 18 else { return nil }
        return (Int64(value), count)
    }

    /// How many of the word's bytes, from the first, are 0...9 (a digit less `0`): 0 to 8.
    @inline(__always)
    static func digitCount(_ word: UInt64) -> Int {
        // A byte's top bit ends set when its low 7 bits are 10 or more (no
        // carry leaves a byte: at most 0x7F + 0x76), or when it was set.
        let above = ((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676 | word) & 0x8080_8080_8080_8080
        return above.trailingZeroBitCount &>> 3
    }

    /// The number eight digit values 0...9 write, the first in the lowest byte: pairs, then fours, then all eight.
    @inline(__always)
    static func eightDigits(_ word: UInt64) -> UInt64 {
        let pairs = (word &* (10 << 8 + 1)) &>> 8 & 0x00FF_00FF_00FF_00FF
        let fours = (pairs &* (100 << 16 + 1)) &>> 16 & 0x0000_FFFF_0000_FFFF
        return (fours &* (10000 << 32 + 1)) &>> 32
    }

    /// Checks the closing `}` at `closing` and the line end after it.
    @inline(__always)
    private static func finish(
        _ base: UnsafeRawPointer, kind: EventKind, _ time: Int64, valueStart: Int, closing: Int
    ) -> FastEventLine? {
        guard base.load(fromByteOffset: closing, as: UInt8.self) == UInt8(ascii: "}") else { return nil }
        let after = base.loadUnaligned(fromByteOffset: closing &+ 1, as: UInt16.self)
        let next: Int
        if after & 0xFF == 0x0A {
            next = closing &+ 2
        } else if after == UInt16(littleEndian: 0x0A0D) {
            next = closing &+ 3
        } else {
            return nil
        }
        return FastEventLine(
            kind: kind, nanoseconds: time, valueStart: valueStart, valueEnd: closing, contentEnd: closing &+ 1,
            next: next)
    }
}
