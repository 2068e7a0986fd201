/// Where each key of an object stands: an open-addressing table of member
/// positions (8 bytes a slot: the position and 32 bits of its key's hash,
/// at most half the slots full), so that finding a key among a million
/// costs what finding it among ten does. The table keeps no keys: the
/// caller hashes and compares them, whether they are `String`s
/// (``JSONObject``'s entries) or raw key text in a buffer
/// (``JSONMemberOrder``), and is asked to compare only where the hash
/// bits agree.
///
/// Small objects need no table: up to ``linearLimit`` keys, a look along
/// the members is faster than hashing.
struct KeyPositions {
    /// Up to this many keys, look along the members instead.
    static let linearLimit = 8

    /// 32 bits of a key's hash, then its member's position + 1; 0 is an
    /// empty slot.
    private var slots: [UInt64] = []
    private var count = 0

    init() {}

    /// A table of the entries' keys.
    init(_ entries: [JSONObject.Entry]) {
        self.init(entries.map(\.key))
    }

    /// A table of `keys`.
    init(_ keys: [String]) {
        for i in keys.indices { insert(i) { Self.hash(keys[$0]) } }
    }

    /// The position of the first member inserted whose key has `hash` and
    /// for which `matches` says yes, if any.
    func index(hash: Int, where matches: (Int) -> Bool) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = hash & mask
        let tag = Self.tag(hash)
        while slots[slot] != 0 {
            if slots[slot] >> 32 == tag, matches(Int(slots[slot] & 0xFFFF_FFFF) - 1) {
                return Int(slots[slot] & 0xFFFF_FFFF) - 1
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The position of the entry whose key is `key`, if any.
    func index(of key: String, in entries: [JSONObject.Entry]) -> Int? {
        index(hash: Self.hash(key)) { entries[$0].key.isExactly(key) }
    }

    /// The position of `key` among `keys`, if it is one.
    func index(of key: String, in keys: [String]) -> Int? {
        index(hash: Self.hash(key)) { keys[$0].isExactly(key) }
    }

    /// The position of the member whose key has `hash` and for which
    /// `matches` says yes; or, if there is none, `nil`, member `position`
    /// (next in order, its key hashing to `hash`) recorded instead — one
    /// look at the table for both. `hashOf` hashes the keys of earlier
    /// members when the table grows.
    mutating func firstOrInsert(
        _ position: Int, hash: Int, hashOf: (Int) -> Int, where matches: (Int) -> Bool
    ) -> Int? {
        if count < position || (position + 1) * 2 > slots.count { grow(upTo: position, hashOf: hashOf) }
        let mask = slots.count - 1
        var slot = hash & mask
        let tag = Self.tag(hash)
        while slots[slot] != 0 {
            if slots[slot] >> 32 == tag, matches(Int(slots[slot] & 0xFFFF_FFFF) - 1) {
                return Int(slots[slot] & 0xFFFF_FFFF) - 1
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = tag << 32 | UInt64(truncatingIfNeeded: position + 1) & 0xFFFF_FFFF
        count += 1
        return nil
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
        slots[slot] = Self.tag(hash) << 32 | UInt64(truncatingIfNeeded: position + 1) & 0xFFFF_FFFF
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

    /// The hash bits a slot keeps: the high half (the low bits pick the slot).
    private static func tag(_ hash: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: hash) >> 32
    }

    /// A key's hash, by its Unicode scalars: its UTF-8 bytes given to a
    /// fresh `Hasher` in one call, as ``RawJSONString/hash(in:)`` gives a
    /// raw key's.
    static func hash(_ key: String) -> Int {
        var key = key
        var hasher = Hasher()
        key.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        return hasher.finalize()
    }
}
