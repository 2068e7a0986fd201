extension CanonicalHash {
    /// The hash of a plain integer of at most 15 digits at `p` (an optional
    /// minus, digits, then neither a point nor an exponent), and the offset
    /// after it, in one pass: what the general number hash makes of the same
    /// text (significant digits four bits each, the trailing zeros as the
    /// exponent); `nil` for any other number, which takes that way.
    @inline(__always)
    static func integerHash(_ bytes: UnsafeRawBufferPointer, at p: Int) -> (UInt64, Int)? {
        let negative = bytes[p] == UInt8(ascii: "-")
        let start = negative ? p + 1 : p
        let end = min(bytes.count, start + 15)
        var i = start
        // All digits read (leading zeros aside), and up to the last nonzero one.
        var (all, digits): (UInt64, Int) = (0, 0)
        var (word, significant): (UInt64, Int) = (0, 0)
        while i < end {
            let digit = bytes[i] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            if all != 0 || digit != 0 { digits += 1 }
            all = all << 4 | UInt64(digit)
            if digit != 0 { (word, significant) = (all, digits) }
            i += 1
        }
        if i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return nil
            default: break
            }
        }
        guard i > start else { return nil }
        guard significant > 0 else { return (zeroTag, i) }
        let hash = mix(negative ? negativeTag : numberTag, UInt64(bitPattern: Int64(digits - significant)))
        return (finish(mix(hash, word), count: significant, tag: 0), i)
    }
}
