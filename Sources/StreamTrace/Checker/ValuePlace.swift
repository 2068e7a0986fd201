/// A value a result holds by its place in the pass's ``ValueSpool``, not in memory: one over ``RecentValues/longest``.
package struct ValuePlace: Sendable, Equatable {
    let spool: ValueSpool
    /// Its bytes in the spool: `range.count` is the length of its text, in bytes.
    let range: Range<Int>

    /// The value, read back whole (`null` if the spool cannot be read).
    package var value: RawJSON {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count)
        let read = forEachPiece { piece in bytes.append(contentsOf: piece) }
        return read ? RawJSON(validated: bytes[...]) : .null
    }

    /// Hands its text to `body` in order, in pieces of at most `size` bytes cut between UTF-8 sequences, so that text
    /// escaped a piece at a time reads as the whole escaped; stops if `body` throws. False if the spool is unreadable.
    @discardableResult
    package func forEachPiece<E: Error>(
        size: Int = 1 << 16, _ body: (UnsafeRawBufferPointer) throws(E) -> Void
    ) throws(E) -> Bool {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 4), alignment: 1)
        defer { buffer.deallocate() }
        var start = range.lowerBound
        while start < range.upperBound {
            let length = min(buffer.count, range.upperBound - start)
            let piece = UnsafeMutableRawBufferPointer(rebasing: buffer[..<length])
            guard spool.read(start..<(start + length), into: piece) else { return false }
            var cut = length
            if start + length < range.upperBound {
                // Back to the start of a sequence the next read completes.
                while cut > 1, piece[cut - 1] & 0xC0 == 0x80 { cut -= 1 }
                if piece[cut - 1] >= 0xC0 { cut -= 1 }
                if cut == 0 { cut = length }
            }
            try body(UnsafeRawBufferPointer(rebasing: piece[..<cut]))
            start += cut
        }
        return true
    }

    /// The first `length` bytes of its text (all of it, if shorter), to show its start without reading it whole.
    package func prefix(_ length: Int) -> [UInt8] {
        let length = min(max(length, 0), range.count)
        var bytes = [UInt8](repeating: 0, count: length)
        let read = bytes.withUnsafeMutableBytes {
            spool.read(range.lowerBound..<(range.lowerBound + length), into: $0)
        }
        return read ? bytes : []
    }

    /// Whether the two hold the same text (read from their spools).
    package static func == (lhs: ValuePlace, rhs: ValuePlace) -> Bool {
        (lhs.spool === rhs.spool && lhs.range == rhs.range)
            || (lhs.range.count == rhs.range.count && lhs.value == rhs.value)
    }
}
