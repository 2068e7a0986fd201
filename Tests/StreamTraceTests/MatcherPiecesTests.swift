import Testing

@testable import StreamTrace

/// Looking for a piece of a query's operand in a value's text, 16 or 32
/// places a step (SSE2 or AVX2 on x86-64 Linux, `memchr` elsewhere: all
/// three tested here),
/// answers what a plain search answers: whether the piece is there or a
/// backslash followed by a `u` is (the text may write a character of the
/// piece as an escape). Pieces at every offset, across 16- and 32-byte
/// borders, at the very start and end, texts shorter than the piece.
@Suite(.cpuBound) struct MatcherPiecesTests {
    /// The plain search.
    static func reference(_ text: [UInt8], _ piece: [UInt8]) -> Bool {
        holds(text, piece) || holds(text, Array(#"\u"#.utf8))
    }

    static func holds(_ text: [UInt8], _ piece: [UInt8]) -> Bool {
        guard piece.count <= text.count else { return false }
        return (0...(text.count - piece.count)).contains { text[$0..<$0 + piece.count].elementsEqual(piece) }
    }

    /// The answer of ``MatcherPieces`` for `piece` alone, 32 bytes a step
    /// or not, the text followed by bytes that would make any read past its
    /// end answer yes (`u`, `\u` and the piece).
    static func answer(_ text: [UInt8], _ piece: [UInt8], wide: Bool) -> Bool {
        let pieces = MatcherPieces([piece], wide: wide)
        let poison = Array(Array(repeating: Array(#"u\u"#.utf8) + piece, count: 64 / (3 + piece.count) + 1).joined())
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.count + poison.count)
        defer { copy.deallocate() }
        _ = copy.initialize(from: text + poison)
        let inText = UnsafeMutableBufferPointer(rebasing: copy[0..<text.count])
        return pieces.mayAllBeFound(in: UnsafeRawBufferPointer(inText))
    }

    /// The answer of the search with `memchr`, used where no SIMD pass is.
    static func libcAnswer(_ text: [UInt8], _ piece: [UInt8]) -> Bool {
        piece.withUnsafeBufferPointer { piece in
            text.withUnsafeBytes { text in
                let search = MatcherPiece(piece, wide: false)
                return search.isFound(in: text) || MatcherPiece.hasUnicodeEscape(text)
            }
        }
    }

    static func bytes(_ count: Int, from alphabet: [UInt8], _ random: inout RandomTrace.Generator) -> [UInt8] {
        (0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }
    }

    @Test(arguments: [1, 2, 3, 4, 12, 16, 17, 31, 33, 40])
    func aPieceIsFoundAtEveryOffset(pieceCount: Int) {
        var random = RandomTrace.Generator(state: UInt64(pieceCount))
        // Fillers made of the piece's own bytes: near misses everywhere.
        let alphabet = Array("ab-:\"{}".utf8)
        for length in 0...100 {
            let piece = Self.bytes(pieceCount, from: alphabet + Array("xyz".utf8), &random)
            let filler = Self.bytes(length, from: alphabet, &random)
            for wide in [false, true] {
                #expect(Self.answer(filler, piece, wide: wide) == Self.reference(filler, piece), "\(filler) \(piece)")
                for offset in stride(from: 0, through: length - pieceCount, by: 1) {
                    var text = filler
                    text.replaceSubrange(offset..<offset + pieceCount, with: piece)
                    #expect(Self.answer(text, piece, wide: wide), "\(text) \(piece) at \(offset)")
                }
            }
        }
    }

    @Test(arguments: [1, 2, 7, 12, 20])
    func anEscapeMayHoldThePieceAtEveryOffset(pieceCount: Int) {
        let piece = Array(repeating: UInt8(ascii: "q"), count: pieceCount)
        for length in 0...100 {
            let filler = Array(repeating: UInt8(ascii: "a"), count: length)
            for wide in [false, true] {
                #expect(!Self.answer(filler, piece, wide: wide))
                for offset in stride(from: 0, through: length - 2, by: 1) {
                    var text = filler
                    text.replaceSubrange(offset..<offset + 2, with: Array(#"\u"#.utf8))
                    #expect(Self.answer(text, piece, wide: wide), "\(length) at \(offset)")
                    text[offset + 1] = UInt8(ascii: "n")  // `\n`: no escape of a character
                    #expect(!Self.answer(text, piece, wide: wide), "\(length) at \(offset)")
                }
                if length > 0 {
                    var text = filler
                    text[length - 1] = UInt8(ascii: "\\")  // at the very end, nothing after it
                    #expect(!Self.answer(text, piece, wide: wide))
                }
            }
        }
    }

    @Test(arguments: 0..<8)
    func randomTextsGetThePlainSearchsAnswer(seed: UInt64) {
        var random = RandomTrace.Generator(state: seed)
        let alphabet = Array(#"nm-\u"a"#.utf8)
        for _ in 0..<3000 {
            let piece = Self.bytes(Int.random(in: 1...20, using: &random), from: Array("nm-ua".utf8), &random)
            let text = Self.bytes(Int.random(in: 0...140, using: &random), from: alphabet, &random)
            let expected = Self.reference(text, piece)
            #expect(Self.answer(text, piece, wide: true) == expected, "\(text) \(piece)")
            #expect(Self.answer(text, piece, wide: false) == expected, "\(text) \(piece)")
            #expect(Self.libcAnswer(text, piece) == expected, "\(text) \(piece)")
        }
    }

    @Test func everyPieceMustBeThere() {
        let pieces = MatcherPieces([Array("no-such-item".utf8), Array("name".utf8)])
        func answer(_ text: String) -> Bool {
            var text = text
            return text.withUTF8 { pieces.mayAllBeFound(in: UnsafeRawBufferPointer($0)) }
        }
        #expect(answer(#"{"id":1,"name":"no-such-item","tags":["swift","ios"],"score":0.375}"#))
        #expect(!answer(#"{"id":1,"nam":"no-such-item","tags":["swift","ios"],"score":0.375}"#))
        #expect(!answer(#"{"id":1,"name":"no-such-iten","tags":["swift","ios"],"score":0.375}"#))
        #expect(answer(#"{"id":1,"n\u0061me":"no-such-iten","tags":["swift","ios"],"score":0.375}"#))
    }

    /// A value that writes a character of the operand as `\uXXXX` still
    /// matches, and one without a piece does not.
    @Test func aCompiledMatcherLooksThroughEscapes() {
        let matcher = CompiledMatcher(.contains(["name": "no-such-item"]))
        func matches(_ text: String) -> Bool {
            var text = text
            return text.withUTF8 { matcher.matches(UnsafeRawBufferPointer($0)) }
        }
        #expect(matches(#"{"id":3,"name":"no-such-\u0069tem","note":"a long enough value to take 32 bytes a step"}"#))
        #expect(matches(#"[1,{"n\u0061me":"no-such-item"},"a long enough value to take 32 bytes a step"]"#))
        #expect(matches(#"{"name":"no-such-item"}"#))
        #expect(!matches(#"{"id":3,"name":"no-such-items","note":"a long enough value to take 32 bytes a step"}"#))
        #expect(!matches(#"{"id":3,"name":"no-such-\u0069te","note":"a long enough value to take 32 bytes a step"}"#))
        #expect(!matches(#"{"id":3,"name":"no-such-\\u0069tem"}"#))
    }
}
