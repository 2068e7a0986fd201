/// Where each key of an object stands: an open-addressing table of member positions, so that finding a key among a
/// million costs what finding it among ten does. A slot is 4 bytes, the position + 1 with the top bits of its key's
/// hash above it, and at most half the slots are full: 8 bytes a key. The table keeps no keys: the caller hashes and
/// compares them (`String`s or raw key text) and is asked to compare only where the hash bits agree. Up to
/// ``linearLimit`` keys, a look along the members is faster than any table.
struct KeyPositions {
    static let linearLimit = 8

    /// Hash bits, then a member's position + 1 in the low ``positionBits``; 0 is an empty slot.
    private var slots: [UInt32] = []
    /// log2 of the slot count: a position + 1 (at most half of it) fits.
    private var positionBits = 0
    private var count = 0

    /// An empty table with room for `capacity` keys before it grows.
    init(capacity: Int = 0) {
        if capacity > 0 { resize(for: capacity) }
    }

    /// A table of `keys`, a repeated key at each of its positions.
    init(_ keys: [String]) {
        grow(upTo: keys.count, hashOf: { Self.hash(keys[$0]) })
    }

    /// The position of the first member inserted whose key has `hash` and which `matches` accepts.
    func index(hash: Int, where matches: (Int) -> Bool) -> Int? {
        slots.isEmpty ? nil : probe(hash: hash, where: matches).found
    }

    func index(of key: String, in keys: [String]) -> Int? {
        index(hash: Self.hash(key)) { keys[$0].isExactly(key) }
    }

    /// The position of the member whose key has `hash` and which `matches` accepts; if none, records member
    /// `position` (the next, its key hashing to `hash`) and returns `nil`: one probe for both. `hashOf` hashes the
    /// keys of earlier members when the table grows, or when they come before a first `position` recorded late.
    mutating func firstOrInsert(
        _ position: Int, hash: Int, hashOf: (Int) -> Int, where matches: (Int) -> Bool
    ) -> Int? {
        if count < position || (position + 1) * 2 > slots.count { grow(upTo: position, hashOf: hashOf) }
        let (found, empty) = probe(hash: hash, where: matches)
        if found == nil {
            slots[empty] = slot(position, hash: hash)
            count += 1
        }
        return found
    }

    /// The member found, or the empty slot that ends the look.
    private func probe(hash: Int, where matches: (Int) -> Bool) -> (found: Int?, empty: Int) {
        let mask = slots.count - 1
        let positionMask = UInt32(truncatingIfNeeded: (1 << positionBits) - 1)
        let tag = slot(0, hash: hash) & ~positionMask
        var index = hash & mask
        while slots[index] != 0 {
            if slots[index] & ~positionMask == tag, matches(Int(slots[index] & positionMask) - 1) {
                return (Int(slots[index] & positionMask) - 1, index)
            }
            index = (index + 1) & mask
        }
        return (nil, index)
    }

    /// The slot of `position`: the hash's top bits above the position + 1.
    private func slot(_ position: Int, hash: Int) -> UInt32 {
        let tagBits = 32 - positionBits
        let tag = tagBits > 0 ? UInt32(truncatingIfNeeded: UInt64(truncatingIfNeeded: hash) >> (64 - tagBits)) : 0
        return (tagBits > 0 ? tag << positionBits : 0) | UInt32(truncatingIfNeeded: position + 1)
    }

    /// Makes room for `position + 1` members and places the members before `position` again.
    private mutating func grow(upTo position: Int, hashOf: (Int) -> Int) {
        resize(for: max(position + 1, slots.count))
        for i in 0..<position {
            let hash = hashOf(i)
            slots[probe(hash: hash, where: { _ in false }).empty] = slot(i, hash: hash)
        }
        count = position
    }

    /// Empty slots for `keys` keys: a power of two, at least 16, at most half full.
    private mutating func resize(for keys: Int) {
        var size = 16
        while size < keys * 2 { size *= 2 }
        slots = Array(repeating: 0, count: size)
        positionBits = size.trailingZeroBitCount
    }

    /// A key's hash by its scalars: its UTF-8 fed at once to a fresh `Hasher`, as in ``RawJSONString/hash(in:)``.
    static func hash(_ key: String) -> Int {
        var key = key
        var hasher = Hasher()
        key.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        return hasher.finalize()
    }
}
