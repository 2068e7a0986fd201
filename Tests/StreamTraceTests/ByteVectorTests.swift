import Testing

@testable import StreamTrace

/// The byte classifications the scanner's fast path runs: the platform's (C and SSE2 on x86-64 Linux) and the one in
/// Swift's SIMD types that other platforms run give the same masks, for every byte value at every place.
@Suite struct ByteVectorTests {
    /// 16 bytes from `bytes` at `offset`, each way.
    static func masks(_ bytes: [UInt8], at offset: Int) -> (platform: (UInt32, UInt32), portable: (UInt32, UInt32)) {
        bytes.withUnsafeBytes { raw in
            let base = raw.baseAddress!
            let vector = ByteVector.load(base, offset)
            return (
                (ByteVector.stringSpecials16(base, offset), ByteVector.nonDigits16(base, offset)),
                (
                    UInt32(truncatingIfNeeded: ByteVector.bitmask(ByteVector.stringSpecials(vector))),
                    UInt32(truncatingIfNeeded: ByteVector.bitmask(ByteVector.nonDigits(vector)))
                )
            )
        }
    }

    @Test func everyByteValueAtEveryPlaceIsClassifiedAlikeEachWay() {
        for value in 0...255 {
            for place in 0..<16 {
                var bytes = [UInt8](repeating: UInt8(ascii: "5"), count: 32)
                bytes[3 + place] = UInt8(value)
                let (platform, portable) = Self.masks(bytes, at: 3)
                #expect(platform == portable, "byte \(value) at \(place)")
                let isDigit = (0x30...0x39).contains(value)
                #expect(platform.1 == (isDigit ? 0 : 1 << place), "byte \(value) at \(place)")
                let isSpecial = value < 0x20 || value >= 0x80 || value == 0x22 || value == 0x5C
                #expect(platform.0 == (isSpecial ? 1 << place : 0), "byte \(value) at \(place)")
            }
        }
    }

    @Test func mixedBytesAreClassifiedAlikeEachWay() {
        // The bytes at and next to each class's edges, mixed (a fixed sequence: xorshift from a constant seed).
        let edges: [UInt8] = [0x22, 0x5C, 0x30, 0x39, 0x2F, 0x3A, 0x1F, 0x20, 0x7F, 0x80, 0xFF, 0x41]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2000 {
            let bytes = (0..<40).map { _ in
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                return edges[Int(state % UInt64(edges.count))]
            }
            let (platform, portable) = Self.masks(bytes, at: 7)
            #expect(platform == portable, "\(bytes)")
        }
    }
}
