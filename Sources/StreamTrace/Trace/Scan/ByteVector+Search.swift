/// Finding a run of bytes in a value's text 16 places at a time: the
/// places where both the run's first and its last byte are, found by two
/// comparisons and a bit mask (Wojciech Muła's "SIMD-friendly" substring
/// search), are the only ones compared whole. A matcher's pieces are rare
/// in most values, so most 16-byte steps find no candidate at all, where
/// `memchr` on the first byte stops at every occurrence of a common letter.
extension ByteVector {
    /// Whether `piece` (not empty) occurs in `bytes`. Reads only `bytes`.
    static func contains(_ piece: UnsafeRawBufferPointer, in bytes: UnsafeRawBufferPointer) -> Bool {
        let length = piece.count
        guard length > 0, length <= bytes.count, let base = bytes.baseAddress, let pieceBase = piece.baseAddress
        else { return false }
        let first = piece[0]
        let lastByte = piece[length - 1]
        // The last offset the piece may start at.
        let lastStart = bytes.count - length
        var offset = 0
        // A step loads 16 bytes at `offset` and 16 at `offset + length - 1`:
        // both within `bytes` while `offset + 15 <= lastStart`.
        while offset + 15 <= lastStart {
            var candidates = bitmask(
                equal(load(base, offset), first) & equal(load(base, offset + length - 1), lastByte))
            while candidates != 0 {
                let at = offset + candidates.trailingZeroBitCount
                if matches(pieceBase, length, at: base + at) { return true }
                candidates &= candidates &- 1
            }
            offset += 16
        }
        while offset <= lastStart {
            if base.load(fromByteOffset: offset, as: UInt8.self) == first, matches(pieceBase, length, at: base + offset)
            {
                return true
            }
            offset += 1
        }
        return false
    }

    /// Whether the `length` bytes at `place` are those of `piece`.
    @inline(__always)
    private static func matches(_ piece: UnsafeRawPointer, _ length: Int, at place: UnsafeRawPointer) -> Bool {
        var k = 0
        while k < length {
            guard piece.load(fromByteOffset: k, as: UInt8.self) == place.load(fromByteOffset: k, as: UInt8.self)
            else { return false }
            k += 1
        }
        return true
    }
}
