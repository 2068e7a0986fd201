/// Runs of ASCII digits read 8 bytes at a time (SWAR: one 64-bit word
/// as 8 lanes): how many digits a word starts with, and their value. The
/// scanner reads `t` and a number's digits this way, where a byte loop
/// cost a compare and a branch per digit.
///
/// Words are little-endian: the first byte is the lowest. Like
/// ``ByteVector``, callers load past the digits, within the buffer's
/// padding.
enum DigitRun {
    /// Each byte's `0x30` (`0`), as a word.
    @inline(__always) static var zeros: UInt64 { 0x3030_3030_3030_3030 }

    /// The word at `offset`, little-endian.
    @inline(__always)
    static func word(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// How many of the word's bytes, from the first, are digits (0 to 8).
    ///
    /// A lane minus `0x30` is below 10 for a digit; adding `0x76` sets the
    /// top bit of any lane 10 or more, and the subtraction sets it for a
    /// byte below `0x30` or from `0x80`. Borrows and carries only ever
    /// cross from a lane that is not a digit into a later one: the lanes
    /// before the first non-digit are exact.
    @inline(__always)
    static func count(_ word: UInt64) -> Int {
        let lanes = word &- zeros
        let high = (lanes | (lanes &+ 0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080
        return high.trailingZeroBitCount >> 3
    }

    /// The value of the word's first `count` bytes (1 to 8 digits): moved
    /// to the top of the word (the lanes below them become leading zeros),
    /// then combined in pairs, fours and eights by three multiplies.
    @inline(__always)
    static func value(_ word: UInt64, count: Int) -> UInt64 {
        var v = (word << UInt64(64 - 8 * count)) & 0x0F0F_0F0F_0F0F_0F0F
        v = (v &* (10 << 8 + 1)) >> 8 & 0x00FF_00FF_00FF_00FF
        v = (v &* (100 << 16 + 1)) >> 16 & 0x0000_FFFF_0000_FFFF
        return (v &* (10000 << 32 + 1)) >> 32
    }

    /// 10 to the power `exponent` (0 to 8).
    @inline(__always)
    static func power(_ exponent: Int) -> UInt64 {
        var result: UInt64 = 1
        for _ in 0..<exponent { result &*= 10 }
        return result
    }
}
