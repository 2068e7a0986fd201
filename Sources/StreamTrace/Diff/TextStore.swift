/// The value texts of many events read ahead (``TraceLookahead/Event``) in
/// one buffer: an event keeps its place in a store, not an array of its
/// own, so reading, keeping and letting go of an event allocates nothing.
/// A store lives while an event of it does; only the thread that fills it
/// appends, and an event's bytes are never written again once kept.
final class TextStore {
    /// How many bytes a store holds: many events' texts (a kept one is at
    /// most ``CompactBytes/keptBytes``).
    static let capacity = 1 << 16

    private let base = UnsafeMutableRawPointer.allocate(byteCount: TextStore.capacity, alignment: 8)
    private var used = 0

    deinit { base.deallocate() }

    /// Keeps `bytes` in this store: where they start, or `nil` if they do
    /// not fit.
    func keep(_ bytes: UnsafeRawBufferPointer) -> Int32? {
        guard bytes.count <= Self.capacity - used else { return nil }
        let start = used
        if let source = bytes.baseAddress { (base + start).copyMemory(from: source, byteCount: bytes.count) }
        used += bytes.count
        return Int32(start)
    }

    /// The `count` bytes kept at `start`.
    func bytes(at start: Int32, count: Int32) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + Int(start), count: Int(count))
    }
}
