/// The pieces of text a ``CompiledMatcher`` looks for in each value (``MatcherPiece``), their bytes in one allocation
/// of its own so that looking for them retains nothing (an array's bytes would be retained around each call into C).
final class MatcherPieces {
    private let storage: UnsafeMutableBufferPointer<UInt8>
    private let pieces: UnsafeMutableBufferPointer<MatcherPiece>

    /// Looks for `pieces` in this order; 32 bytes at a time if `wide` and the processor runs AVX2.
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

    /// Whether a value with this text may hold every piece (``MatcherPiece/mayBeFound(in:)``); stops at one missing.
    func mayAllBeFound(in text: UnsafeRawBufferPointer) -> Bool {
        for index in pieces.indices where !pieces[index].mayBeFound(in: text) { return false }
        return true
    }
}
