extension CanonicalHash {
    /// ``bytesHash(_:seed:)`` of bytes given a few at a time: the hash of a
    /// string's scalars, worked out as its text is scanned, its escapes
    /// decoded on the way (no buffer for the decoded bytes).
    struct ByteStream {
        var hash: UInt64
        /// Bytes not mixed in yet, the first lowest, and how many bits of it
        /// they fill (a multiple of 8, below 64).
        private var word: UInt64 = 0
        private var bits = 0
        private var count = 0

        init(seed: UInt64) { hash = seed }

        /// Appends eight bytes, the first lowest.
        @inline(__always)
        mutating func append(word eight: UInt64) {
            count += 8
            if bits == 0 {
                hash = CanonicalHash.mix(hash, eight)
            } else {
                hash = CanonicalHash.mix(hash, word | eight &<< UInt64(bits))
                word = eight &>> UInt64(64 - bits)
            }
        }

        /// Appends the `n` (1 to 7) low bytes of `bytes`, the first lowest;
        /// the bytes above them are zero.
        @inline(__always)
        mutating func append(_ bytes: UInt64, count n: Int) {
            count += n
            word |= bytes &<< UInt64(bits)
            let filled = bits + 8 * n
            guard filled >= 64 else {
                bits = filled
                return
            }
            hash = CanonicalHash.mix(hash, word)
            // The bytes that did not fit (`bits` is not 0 here: n < 8).
            word = bytes &>> UInt64(64 - bits)
            bits = filled - 64
        }

        /// The hash of all bytes appended.
        var finished: UInt64 { CanonicalHash.finish(CanonicalHash.mix(hash, word), count: count, tag: 0) }
    }

    /// The hash of the scalars of the string whose opening quote is at
    /// `start`, and the offset after its closing quote: hashed as it is
    /// scanned, eight bytes at a time, its escapes decoded on the way (so
    /// the same scalars hash alike however they are written).
    func string(_ bytes: UnsafeRawBufferPointer, at start: Int) -> (UInt64, Int) {
        guard let base = bytes.baseAddress else { return (0, start + 1) }
        var stream = ByteStream(seed: Self.stringTag)
        var i = start + 1
        let (ones, highs): (UInt64, UInt64) = (0x0101_0101_0101_0101, 0x8080_8080_8080_8080)
        while true {
            while i + 8 <= bytes.count {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let (quote, backslash) = (word ^ (ones &* 0x22), word ^ (ones &* 0x5C))
                // The lowest bit set marks the first quote or backslash.
                let found = ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash) & highs
                if found != 0 {
                    let before = found.trailingZeroBitCount >> 3
                    if before > 0 { stream.append(word & (~0 &>> UInt64(64 - 8 * before)), count: before) }
                    i += before
                    break
                }
                stream.append(word: word)
                i += 8
            }
            while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\") {
                stream.append(UInt64(bytes[i]), count: 1)
                i += 1
            }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\\") else { return (stream.finished, i + 1) }
            i = Self.escape(bytes, at: i, into: &stream)
        }
    }

    /// Appends the bytes the escape at `i` stands for (``JSONParser/escape(_:at:)``)
    /// to `stream`; the offset after it. Never reads past `bytes`, whatever they hold.
    private static func escape(_ bytes: UnsafeRawBufferPointer, at i: Int, into stream: inout ByteStream) -> Int {
        guard i + 1 < bytes.count else {
            stream.append(UInt64(bytes[i]), count: 1)
            return i + 1
        }
        let (decoded, count, end) = JSONParser.escape(bytes, at: i)
        stream.append(decoded, count: count)
        return end
    }
}
