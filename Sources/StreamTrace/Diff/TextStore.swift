/// The value texts of many read-ahead events (``TraceLookahead/Event``) in one buffer, so that reading, keeping and
/// letting go of an event allocates nothing and copying one counts no reference (it may be made on one thread, let go
/// of on another). The ``TraceLookahead`` whose events point into a store keeps it (``TraceLookahead/KeptStores``)
/// until none is left; only the filling thread appends, and kept bytes are never written again.
final class TextStore {
    /// The bytes a store holds: many events' texts (a kept one is at most ``CompactBytes/keptBytes``).
    static let capacity = 1 << 16

    private let base = UnsafeMutableRawPointer.allocate(byteCount: TextStore.capacity, alignment: 8)
    private var used = 0

    deinit { base.deallocate() }

    /// Keeps `bytes` here, for as long as the store lives: where they are kept, or `nil` if they do not fit.
    func keep(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawPointer? {
        guard bytes.count <= Self.capacity - used else { return nil }
        let start = base + used
        if let source = bytes.baseAddress { start.copyMemory(from: source, byteCount: bytes.count) }
        used += bytes.count
        return UnsafeRawPointer(start)
    }
}
