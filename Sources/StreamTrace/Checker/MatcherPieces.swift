/// The pieces of text a ``CompiledMatcher`` looks for in each value (see
/// ``MatcherPiece``), their bytes in one allocation of its own: looking for
/// them retains nothing (the bytes of an array would be retained around
/// each call into C, for each value).
final class MatcherPieces {
    private let storage: UnsafeMutableBufferPointer<UInt8>
    private let pieces: UnsafeMutableBufferPointer<MatcherPiece>

    /// The pieces `pieces`, looked for in this order; 32 bytes at a time if
    /// `wide` and the processor runs AVX2 (see ``MatcherPiece``).
    init(_ pieces: [[UInt8]], wide: Bool = true) {
        storage = .allocate(capacity: pieces.reduce(0) { $0 + $1.count })
        self.pieces = .allocate(capacity: pieces.count)
        var offset = 0
        for (index, piece) in pieces.enumerated() {
            let bytes = UnsafeMutableBufferPointer(rebasing: storage[offset..<offset + piece.count])
            _ = bytes.initialize(from: piece)
            (self.pieces.baseAddress! + index).initialize(to: MatcherPiece(UnsafeBufferPointer(bytes), wide: wide))
            offset += piece.count
        }
    }

    deinit {
        pieces.deallocate()
        storage.deallocate()
    }

    /// Whether a value with this text may hold every piece: it holds them,
    /// or it holds a backslash followed by a `u` (it may write a character
    /// of a piece as `\uXXXX`). Stops at the first piece missing.
    func mayAllBeFound(in text: UnsafeRawBufferPointer) -> Bool {
        for index in pieces.indices where !pieces[index].mayBeFound(in: text) { return false }
        return true
    }
}
