/// The value texts of many events read ahead (``TraceLookahead/Event``) in
/// one buffer: an event points at its place in a store, not an array of
/// its own, so reading, keeping and letting go of an event allocates
/// nothing, and copying one counts no reference (an event may be made on
/// one thread and let go of on another).
///
/// A store is kept by the ``TraceLookahead`` whose events point into it,
/// in ``TraceLookahead/KeptStores``, until none of them is left; only the
/// thread that fills it appends, and an event's bytes are never written
/// again once kept.
final class TextStore {
    /// How many bytes a store holds: many events' texts (a kept one is at
    /// most ``CompactBytes/keptBytes``).
    static let capacity = 1 << 16

    private let base = UnsafeMutableRawPointer.allocate(byteCount: TextStore.capacity, alignment: 8)
    private var used = 0

    deinit { base.deallocate() }

    /// Keeps `bytes` in this store: where they are kept, or `nil` if they
    /// do not fit. They stay there as long as the store.
    func keep(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawPointer? {
        guard bytes.count <= Self.capacity - used else { return nil }
        let start = base + used
        if let source = bytes.baseAddress { start.copyMemory(from: source, byteCount: bytes.count) }
        used += bytes.count
        return UnsafeRawPointer(start)
    }
}
