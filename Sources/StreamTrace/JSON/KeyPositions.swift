/// Where each key of an object stands: an open-addressing table of member
/// positions (4 bytes a slot, at most half the slots full), so that finding
/// a key among a million costs what finding it among ten does. The table
/// keeps no keys: the caller hashes and compares them, whether they are
/// `String`s (``JSONObject``'s entries) or raw key text in a buffer
/// (``JSONMemberOrder``).
///
/// Small objects need no table: up to ``linearLimit`` keys, a look along
/// the members is faster than hashing.
struct KeyPositions {
    /// Up to this many keys, look along the members instead.
    static let linearLimit = 8

    /// Member positions + 1; 0 is an empty slot.
    private var slots: [Int32] = []
    private var count = 0

    init() {}

    /// A table of the entries' keys.
    init(_ entries: [JSONObject.Entry]) {
        for i in entries.indices { insert(i) { Self.hash(entries[$0].key) } }
    }

    /// The position of the first member inserted whose key has `hash` and
    /// for which `matches` says yes, if any.
    func index(hash: Int, where matches: (Int) -> Bool) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            let position = Int(slots[slot]) - 1
            if matches(position) { return position }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The position of the entry whose key is `key`, if any.
    func index(of key: String, in entries: [JSONObject.Entry]) -> Int? {
        index(hash: Self.hash(key)) { entries[$0].key.isExactly(key) }
    }

    /// Records member `position`, whose key hashes to `hashOf(position)`.
    /// Positions come in order; the first may come late: the members
    /// before it are placed with it.
    mutating func insert(_ position: Int, hashOf: (Int) -> Int) {
        if count < position || (position + 1) * 2 > slots.count { grow(upTo: position, hashOf: hashOf) }
        place(position, hash: hashOf(position))
        count += 1
    }

    private mutating func place(_ position: Int, hash: Int) {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(truncatingIfNeeded: position + 1)
    }

    /// Makes room for `position + 1` members (16 slots at least, a power of
    /// two) and places the members before `position` again.
    private mutating func grow(upTo position: Int, hashOf: (Int) -> Int) {
        var size = max(16, slots.count)
        while size < (position + 1) * 2 { size *= 2 }
        slots = Array(repeating: 0, count: size)
        for i in 0..<position { place(i, hash: hashOf(i)) }
        count = position
    }

    /// A key's hash, by its Unicode scalars.
    static func hash(_ key: String) -> Int {
        var hasher = Hasher()
        key.hashExactly(into: &hasher)
        return hasher.finalize()
    }
}
