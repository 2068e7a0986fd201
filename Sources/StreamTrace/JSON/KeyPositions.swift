/// Where each key of an object's entries stands: an open-addressing table
/// of entry positions, hashed by the keys' Unicode scalars (their UTF-8
/// bytes), so that finding a key among a million costs what finding it
/// among ten does. Four bytes a slot, at most half the slots full.
///
/// Small objects need no table: up to ``linearLimit`` keys, a look along
/// the entries is faster than hashing.
///
/// ```swift
/// var positions = KeyPositions()
/// let entries = (0..<100).map { JSONObject.Entry(key: "k\($0)", value: .null) }
/// for i in entries.indices { positions.insert(i, of: entries) }
/// let found = positions.index(of: "k42", in: entries)  // 42
/// ```
struct KeyPositions {
    /// Up to this many keys, look along the entries instead.
    static let linearLimit = 8

    /// Entry positions + 1; 0 is an empty slot.
    private var slots: [Int32] = []
    private var count = 0

    /// Builds the table of all of `entries`.
    init(_ entries: [JSONObject.Entry] = []) {
        for i in entries.indices { insert(i, of: entries) }
    }

    /// The position of the entry whose key is `key`, if any.
    func index(of key: String, in entries: [JSONObject.Entry]) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Self.hash(key) & mask
        while slots[slot] != 0 {
            let position = Int(slots[slot]) - 1
            if entries[position].key.isExactly(key) { return position }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Records that `entries[position]` holds its key, which no entry
    /// before it holds. Positions come in order; the first may come late
    /// (the entries before it are placed with it).
    mutating func insert(_ position: Int, of entries: [JSONObject.Entry]) {
        if count < position || (position + 1) * 2 > slots.count { grow(entries, upTo: position) }
        place(position, key: entries[position].key)
        count += 1
    }

    private mutating func place(_ position: Int, key: String) {
        let mask = slots.count - 1
        var slot = Self.hash(key) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(truncatingIfNeeded: position + 1)
    }

    /// Makes room for `position + 1` keys (16 slots at least, a power of
    /// two) and places the entries before `position` again.
    private mutating func grow(_ entries: [JSONObject.Entry], upTo position: Int) {
        var size = max(16, slots.count)
        while size < (position + 1) * 2 { size *= 2 }
        slots = Array(repeating: 0, count: size)
        for i in 0..<position { place(i, key: entries[i].key) }
        count = position
    }

    private static func hash(_ key: String) -> Int {
        var hasher = Hasher()
        key.hashExactly(into: &hasher)
        return hasher.finalize()
    }
}
