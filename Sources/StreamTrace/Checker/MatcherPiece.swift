#if arch(x86_64) && os(Linux)
import StreamTraceBytes
#endif

/// A piece of text held by every value a ``CompiledMatcher`` accepts, unless the value writes a character as `\uXXXX`;
/// looked for by its rarest bytes (the two `-` of `no-such-item`, not the `n` of every `"name"` and `null`). Its
/// bytes belong to the ``MatcherPieces`` that holds it.
struct MatcherPiece {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the rarest byte is in the piece.
    let anchor: Int
    /// Where the two rarest bytes are, in order (both the anchor's place in a one-byte piece).
    let rarest: (first: Int, second: Int)
    /// Whether ``mayBeFound(in:)`` looks at 32 bytes at a time (AVX2).
    let isWide: Bool

    init(_ bytes: UnsafeBufferPointer<UInt8>, wide: Bool) {
        self.bytes = bytes
        isWide = wide && ByteVector.processorRunsAVX2
        let byRarity = bytes.indices.sorted { Self.rarity(bytes[$0]) > Self.rarity(bytes[$1]) }
        anchor = byRarity.first ?? 0
        let other = byRarity.dropFirst().first ?? anchor
        rarest = (min(anchor, other), max(anchor, other))
    }

    /// Whether a value with this text may hold the piece: it does, or it holds a `\u` (it may write a character of
    /// the piece as `\uXXXX`). On x86-64 Linux one SSE2 or AVX2 pass looks for both (C's `streamtrace_may_hold`);
    /// elsewhere two `memchr` passes (``isFound(in:)``, ``hasUnicodeEscape(_:)``).
    func mayBeFound(in text: UnsafeRawBufferPointer) -> Bool {
        #if arch(x86_64) && os(Linux)
        guard let base = text.baseAddress, let piece = bytes.baseAddress else { return bytes.isEmpty }
        let (start, count) = (base.assumingMemoryBound(to: UInt8.self), text.count)
        let (first, second) = rarest
        if isWide { return streamtrace_may_hold_avx2(start, count, piece, bytes.count, first, second) != 0 }
        return streamtrace_may_hold(start, count, piece, bytes.count, first, second) != 0
        #else
        return isFound(in: text) || Self.hasUnicodeEscape(text)
        #endif
    }

    /// How rarely a byte occurs in JSON text, roughly: structure, spaces and digits least rarely, then lowercase
    /// letters by their frequency in English, then the rest.
    private static func rarity(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"):
            let order = Array("etaoinshrdlcumwfgypbvkjxqz".utf8)
            return 2 + (order.firstIndex(of: byte) ?? 0)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return 30
        case UInt8(ascii: "0")...UInt8(ascii: "9"), 0x20: return 1
        case 0x22, 0x2C, 0x3A, 0x5B, 0x5D, 0x7B, 0x7D: return 0
        case 0x80...: return 29
        default: return 31
        }
    }
}
