#if arch(x86_64) && os(Linux)
import StreamTraceBytes
#endif

/// Byte classification 16 bytes at a time, written so that the compiler emits plain SSE2 (x86-64's baseline) or NEON.
/// A load reads 16 bytes from its start: the scanner's buffers keep ``ScanBuffer/padding`` readable bytes
/// after the data, and a NUL sentinel right after it, so loops stop there.
enum ByteVector {
    typealias Bytes = SIMD16<UInt8>

    @inline(__always)
    static func load(_ base: UnsafeRawPointer, _ offset: Int) -> Bytes {
        base.loadUnaligned(fromByteOffset: offset, as: Bytes.self)
    }

    /// 0xFF where a byte equals `byte`, else 0.
    @inline(__always)
    static func equal(_ bytes: Bytes, _ byte: UInt8) -> Bytes {
        unsafeBitCast(bytes .== Bytes(repeating: byte), to: Bytes.self)
    }

    /// 0xFF where a byte is a control character (below 0x20) or non-ASCII (0x80 up): one signed comparison.
    @inline(__always)
    static func controlOrNonASCII(_ bytes: Bytes) -> Bytes {
        let signed = unsafeBitCast(bytes, to: SIMD16<Int8>.self)
        return unsafeBitCast(signed .< SIMD16<Int8>(repeating: 0x20), to: Bytes.self)
    }

    /// 0xFF where a byte inside a string needs attention: a quote, a backslash, a control or a non-ASCII byte.
    @inline(__always)
    static func stringSpecials(_ bytes: Bytes) -> Bytes {
        equal(bytes, UInt8(ascii: "\"")) | equal(bytes, UInt8(ascii: "\\")) | controlOrNonASCII(bytes)
    }

    /// Bit `i` set where byte `i` of a 0x00/0xFF vector is 0xFF.
    @inline(__always)
    static func bitmask(_ flags: Bytes) -> UInt64 {
        let words = unsafeBitCast(flags, to: SIMD2<UInt64>.self)
        return gather(words[0]) | gather(words[1]) << 8
    }

    /// The top bits of 8 bytes as 8 bits (`pmovmskb` is out of Swift's reach): the multiply moves bit 8k+7 to 56+k.
    @inline(__always)
    private static func gather(_ word: UInt64) -> UInt64 {
        ((word & 0x8080_8080_8080_8080) &* 0x0002_0408_1020_4081) >> 56
    }

    /// Whether the processor runs AVX2, asked once (`cpuid` may trap to a hypervisor): the string scan and the search
    /// for a query's pieces then go 32 bytes a step.
    static let processorRunsAVX2: Bool = {
        #if arch(x86_64) && os(Linux)
        streamtrace_has_avx2() != 0
        #else
        false
        #endif
    }()

    /// Bit `k` set where byte `offset + k` is not an ASCII digit, for 16 bytes.
    @inline(__always)
    static func nonDigits16(_ base: UnsafeRawPointer, _ offset: Int) -> UInt32 {
        #if arch(x86_64) && os(Linux)
        return streamtrace_non_digits16(base + offset)
        #else
        return UInt32(truncatingIfNeeded: bitmask(nonDigits(load(base, offset))))
        #endif
    }

    /// 0xFF where a byte is not an ASCII digit.
    @inline(__always)
    static func nonDigits(_ bytes: Bytes) -> Bytes {
        unsafeBitCast(bytes &- Bytes(repeating: UInt8(ascii: "0")) .>= Bytes(repeating: 10), to: Bytes.self)
    }

    /// ``stringSpecials16(_:_:)`` for 64 bytes.
    @inline(__always)
    static func stringSpecials64(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(stringSpecials16(base, offset)) | UInt64(stringSpecials16(base, offset &+ 16)) &<< 16
            | UInt64(stringSpecials16(base, offset &+ 32)) &<< 32 | UInt64(stringSpecials16(base, offset &+ 48)) &<< 48
    }

    /// Bit `k` set where byte `offset + k` is one of the ``stringSpecials(_:)``, for 16 bytes.
    @inline(__always)
    static func stringSpecials16(_ base: UnsafeRawPointer, _ offset: Int) -> UInt32 {
        #if arch(x86_64) && os(Linux)
        return streamtrace_string_specials16(base + offset)
        #else
        return UInt32(truncatingIfNeeded: bitmask(stringSpecials(load(base, offset))))
        #endif
    }
}
