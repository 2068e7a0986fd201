import Testing

@testable import StreamTrace

/// The matcher's 16-places-at-a-time search for a piece of text
/// (`ByteVector.contains`): the same answer as comparing at every offset,
/// for pieces of every length up to 40 at every place of texts up to 100
/// bytes, with near misses (the first and last bytes right, a middle one
/// wrong), and never a read past the text.
@Suite struct ByteSearchTests {
    /// Compared at every offset, one byte at a time.
    func naive(_ piece: [UInt8], in text: [UInt8]) -> Bool {
        guard !piece.isEmpty, piece.count <= text.count else { return false }
        return (0...(text.count - piece.count)).contains { Array(text[$0..<($0 + piece.count)]) == piece }
    }

    /// `text` copied to the very end of an allocation, so that a read past
    /// it would leave the memory the sanitizers watch.
    func search(_ piece: [UInt8], in text: [UInt8]) -> Bool {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(text.count, 1), alignment: 1)
        defer { buffer.deallocate() }
        let bytes = UnsafeMutableRawBufferPointer(rebasing: buffer[(buffer.count - text.count)...])
        bytes.copyBytes(from: text)
        return piece.withUnsafeBytes { ByteVector.contains($0, in: UnsafeRawBufferPointer(bytes)) }
    }

    @Test func aPieceIsFoundAtEveryPlaceAndANearMissNowhere() {
        for length in 1...40 {
            let piece = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            var nearMiss = piece
            if length > 2 { nearMiss[length / 2] = UInt8(ascii: "#") }
            for size in [length - 1, length, length + 1, 31, 47, 100] where size >= 0 {
                for place in 0...max(0, size - length) {
                    var text = [UInt8](repeating: UInt8(ascii: "x"), count: size)
                    if place + length <= size { text.replaceSubrange(place..<(place + length), with: nearMiss) }
                    #expect(
                        search(piece, in: text) == naive(piece, in: text), "near miss \(length) at \(place) of \(size)")
                    if place + length <= size { text.replaceSubrange(place..<(place + length), with: piece) }
                    #expect(search(piece, in: text) == naive(piece, in: text), "\(length) at \(place) of \(size)")
                }
            }
        }
    }

    @Test func randomTextsOverASmallAlphabetAgreeWithTheNaiveSearch() {
        var generator = RandomTrace.Generator(state: 23)
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...90, using: &generator)).map { _ in
                UInt8.random(in: 97...99, using: &generator)
            }
            let piece = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                UInt8.random(in: 97...99, using: &generator)
            }
            #expect(search(piece, in: text) == naive(piece, in: text), "\(piece) in \(text)")
        }
    }

    @Test func anEmptyPieceOrTextFindsNothing() {
        #expect(!search([], in: Array("abc".utf8)))
        #expect(!search(Array("a".utf8), in: []))
    }
}
