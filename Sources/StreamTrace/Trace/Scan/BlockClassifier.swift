/// The buffer's 64-byte blocks, classified once each, as simdjson's first
/// stage does: a bit mask of the bytes a string scan must stop at (quote,
/// backslash, control character, non-ASCII; ``ByteVector/stringSpecials64(_:_:)``).
///
/// Finding the end of a string is then a shift and a count of trailing
/// zeros on a mask already computed, not a chain of vector loads and
/// compares per string: trace values are mostly short strings and keys,
/// where that chain was the cost. Blocks are aligned to the buffer, so
/// consecutive lines share the classification of the block they meet in.
/// The owner resets the cache whenever the buffer's bytes change.
struct BlockClassifier {
    /// The offset of the classified block, or -1.
    private var block = -1
    private var specials: UInt64 = 0

    /// Forgets the classification (the buffer was refilled or moved).
    mutating func reset() { block = -1 }

    /// The offset of the first byte at or after `offset` that needs
    /// attention inside a string. Relies on the buffer's NUL sentinel.
    @inline(__always)
    mutating func nextStringSpecial(_ base: UnsafeRawPointer, from offset: Int) -> Int {
        var i = offset
        while true {
            let start = i & ~63
            if start != block {
                block = start
                specials = ByteVector.stringSpecials64(base, start)
            }
            let pending = specials &>> UInt64(truncatingIfNeeded: i)
            if pending != 0 { return i &+ pending.trailingZeroBitCount }
            i = start &+ 64
        }
    }
}
