/// A recording's elements, in chunks that never move: appending never copies the elements already recorded, as an
/// array that doubles does (docs/performance.md says why that matters). Chunk 0 holds 16 elements and chunk k holds
/// 16 · 2^(k−1), so a short recording stays small and an index finds its chunk from its leading zero bits. A class
/// for its `deinit`, used under the recorder's lock only, which is what makes access exclusive.
@usableFromInline
final class ElementStore<Element>: RandomAccessCollection {
    /// Where the next element goes, and how many more the chunk holds.
    @usableFromInline @exclusivity(unchecked) var next: UnsafeMutablePointer<Element>?
    @usableFromInline @exclusivity(unchecked) var room = 0
    @usableFromInline @exclusivity(unchecked) var count = 0
    @exclusivity(unchecked) var chunks: [UnsafeMutablePointer<Element>] = []

    @usableFromInline init() {}

    deinit {
        var left = count
        for (index, chunk) in chunks.enumerated() {
            let size = Self.size(ofChunk: index)
            chunk.deinitialize(count: Swift.min(left, size))
            chunk.deallocate()
            left -= Swift.min(left, size)
        }
    }

    @inlinable
    func append(_ element: Element) {
        if room == 0 { addChunk() }
        let slot = next.unsafelyUnwrapped
        slot.initialize(to: element)
        next = slot + 1
        room &-= 1
        count &+= 1
    }

    @usableFromInline
    func addChunk() {
        let size = Self.size(ofChunk: chunks.count)
        let chunk = UnsafeMutablePointer<Element>.allocate(capacity: size)
        chunks.append(chunk)
        next = chunk
        room = size
    }

    static func size(ofChunk index: Int) -> Int {
        index == 0 ? 16 : 16 << (index - 1)
    }

    /// The chunk of the element at `index`, and its place there.
    static func position(of index: Int) -> (chunk: Int, offset: Int) {
        let sixteens = index >> 4
        if sixteens == 0 { return (0, index) }
        let chunk = Int.bitWidth - sixteens.leadingZeroBitCount
        return (chunk, index - (16 << (chunk - 1)))
    }

    @usableFromInline var startIndex: Int { 0 }
    @usableFromInline var endIndex: Int { count }

    @usableFromInline subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "element index out of range")
        let (chunk, offset) = Self.position(of: index)
        return chunks[chunk][offset]
    }
}
