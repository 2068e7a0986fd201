/// Steps over validated JSON text that its walkers (``CanonicalHash``, ``JSONMemberOrder``, ``JSONRewriter``,
/// ``JSONPattern``) share: the text is known to be valid, so a step only finds where a thing ends.
enum ValidatedJSON {
    /// The offset of the first byte at or after `start` that is not white space (outside strings, validated text has
    /// no other byte up to 0x20).
    @inline(__always)
    static func skipSpace(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var p = start
        while p < bytes.count, bytes[p] <= 0x20 { p += 1 }
        return p
    }

    /// The offset after the number or literal at `start`.
    @inline(__always)
    static func scalarEnd(_ bytes: UnsafeRawBufferPointer, at start: Int) -> Int {
        switch bytes[start] {
        case UInt8(ascii: "t"), UInt8(ascii: "n"): start + 4
        case UInt8(ascii: "f"): start + 5
        default: numberEnd(bytes, from: start)
        }
    }

    /// The offset after the number at `start` (at least one byte on).
    static func numberEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var p = start + 1
        while p < bytes.count {
            switch bytes[p] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                p += 1
            default: return p
            }
        }
        return p
    }
}
