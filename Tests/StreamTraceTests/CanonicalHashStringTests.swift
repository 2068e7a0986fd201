import Testing

@testable import StreamTrace

/// `CanonicalHash` hashes a string's scalars as it scans its text, its
/// escapes decoded on the way: every writing of the same scalars (plain,
/// short escapes, `\u` in either case, surrogate pairs, at any place in
/// the eight-byte words) hashes as the scalars' UTF-8 bytes themselves,
/// and no text, however broken, makes it crash.
@Suite(.cpuBound) struct CanonicalHashStringTests {
    static func hash(_ text: String) -> UInt64 { CanonicalHashTests.hash(text) }

    /// What the hash of a string must be: its scalars' UTF-8 bytes hashed
    /// whole, as a string without escapes is.
    static func expected(_ scalars: [Unicode.Scalar]) -> UInt64 {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return Array(text.utf8).withUnsafeBytes { CanonicalHash.bytesHash($0, seed: CanonicalHash.stringTag) }
    }

    static let shortEscapes: [UInt32: String] = [
        0x22: #"\""#, 0x5C: #"\\"#, 0x2F: #"\/"#, 0x08: #"\b"#, 0x0C: #"\f"#, 0x0A: #"\n"#, 0x0D: #"\r"#, 0x09: #"\t"#,
    ]

    /// One way to write `scalar` in a JSON string, chosen by `choice`.
    static func writing(_ scalar: Unicode.Scalar, choice: Int) -> String {
        let value = scalar.value
        func u(_ unit: UInt32) -> String {
            let hex = String(unit, radix: 16, uppercase: choice % 2 == 0)
            return #"\u"# + String(repeating: "0", count: 4 - hex.count) + hex
        }
        let literal = value >= 0x20 && value != 0x22 && value != 0x5C
        switch choice % 3 {
        case 0 where literal: return String(Character(scalar))
        case 1: if let short = shortEscapes[value] { return short }
        default: break
        }
        guard value > 0xFFFF else { return u(value) }
        let offset = value - 0x10000
        return u(0xD800 + offset >> 10) + u(0xDC00 + offset & 0x3FF)
    }

    static func randomScalar(_ random: inout RandomTrace.Generator) -> Unicode.Scalar {
        let pools: [ClosedRange<UInt32>] = [
            0...0x7F, 0x20...0x7E, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x1_0000...0x10_FFFF,
        ]
        let pool = pools[Int.random(in: 0..<pools.count, using: &random)]
        return Unicode.Scalar(UInt32.random(in: pool, using: &random)) ?? "x"
    }

    @Test(arguments: 0..<6)
    func randomWritingsHashAsTheirScalars(seed: UInt64) {
        var random = RandomTrace.Generator(state: seed)
        for _ in 0..<400 {
            let scalars = (0..<Int.random(in: 0...40, using: &random)).map { _ in Self.randomScalar(&random) }
            let text = scalars.map { Self.writing($0, choice: Int.random(in: 0..<6, using: &random)) }.joined()
            #expect(Self.hash("\"\(text)\"") == Self.expected(scalars), "\(text)")
            // As a key and beside other values, too.
            #expect(Self.hash(#"{"\#(text)":[1,"\#(text)"]}"#) == Self.hash(Self.plainObject(scalars)), "\(text)")
        }
    }

    /// The object `{S:[1,S]}` with the string `S` written with the fewest escapes.
    static func plainObject(_ scalars: [Unicode.Scalar]) -> String {
        let plain = scalars.map { writing($0, choice: 0) }.joined()
        return #"{"\#(plain)":[1,"\#(plain)"]}"#
    }

    /// An escape at every place in the eight-byte words: before, in and
    /// after runs of plain bytes of every length.
    @Test func anEscapeAtEveryPlaceHashesAsItsScalar() {
        for before in 0...17 {
            for after in 0...17 {
                let (a, b) = (String(repeating: "a", count: before), String(repeating: "b", count: after))
                for (escaped, scalar) in [
                    (#"\n"#, "\n"), (#"\u00e9"#, "é"), (#"\u2013"#, "–"), (#"\ud83d\ude80"#, "🚀"),
                ] {
                    let scalars = Array((a + scalar + b).unicodeScalars)
                    #expect(
                        Self.hash("\"\(a)\(escaped)\(b)\"") == Self.expected(scalars), "\(before) \(escaped) \(after)")
                    #expect(
                        Self.hash("\"\(a)\(scalar)\(b)\"") == Self.expected(scalars), "\(before) \(scalar) \(after)")
                }
            }
        }
    }

    @Test func surrogatePairsHashAsTheirScalar() {
        let rocket = Self.hash(#""🚀""#)
        #expect(Self.hash(#""\uD83D\uDE80""#) == rocket)
        #expect(Self.hash(#""\ud83d\ude80""#) == rocket)
        #expect(Self.hash(#""\uD83D\uDE81""#) != rocket)
        #expect(Self.hash(#""\uD83D\uDE80x""#) == Self.hash(#""🚀x""#))
        #expect(Self.hash(#"{"\uD83D\uDE80":1,"🚀":2}"#) == Self.hash(#"{"🚀":2}"#))
    }

    /// Text a validated trace never holds still gets a hash, never a crash
    /// or a read past its end: a lone surrogate is U+FFFD, as the decoder
    /// makes it.
    @Test func brokenEscapesNeverCrash() {
        #expect(Self.hash(#""\uDC00""#) == Self.hash(#""\uFFFD""#))
        #expect(Self.hash(#""\uD800""#) != Self.hash(#""\u0000""#))
        let broken = [
            #""\"#, #""\u"#, #""\u12"#, #""\u12""#, #""\uZZZZ""#, #""\uD800\u0041""#, #""\uD800\"#, #""\x""#,
            #""abcdefgh\"#, #"{"\u00":1}"#, #"["\ud83d\ude8"]"#, #""\uD83D\uDE80"#,
        ]
        for text in broken {
            let bytes = Array(text.utf8)
            // Every cut of it, in a buffer of exactly its size.
            for end in 0...bytes.count {
                var hasher = CanonicalHash()
                _ = bytes[..<end].withUnsafeBytes { hasher.hash($0) }
            }
        }
    }
}

extension CanonicalHash {
    /// The hash `ByteStream` gives `bytes` fed in one go: eight at a time, then the rest, then their count.
    static func bytesHash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        var hash = seed
        guard let base = bytes.baseAddress else { return finish(mix(hash, 0), count: 0, tag: 0) }
        var i = 0
        while i + 8 <= bytes.count {
            hash = mix(hash, UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
            i += 8
        }
        var (tail, shift): (UInt64, UInt64) = (0, 0)
        while i < bytes.count {
            tail |= UInt64(bytes[i]) << shift
            shift += 8
            i += 1
        }
        return finish(mix(hash, tail), count: bytes.count, tag: 0)
    }
}
