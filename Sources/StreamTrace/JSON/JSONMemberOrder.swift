/// Which objects of a validated JSON text are written with their members in another order, and in which order: one
/// pass over the bytes, no value built, memory only for the member offsets of the open objects and of the objects
/// that move. ``JSONRewriter`` writes the text from it in normal or canonical form, in linear time (`n log n` in the
/// keys of an object to sort).
struct JSONMemberOrder {
    enum Order {
        /// By key, in Unicode scalar order; a repeated key once, with its last value (``CanonicalJSON``).
        case sorted
        /// Where they stand; a repeated key at its first place with its last value, as the parser builds objects.
        case firstPlace
    }

    struct Reordered {
        /// The offsets of the members' keys, in the order they are written.
        var members: [UInt32]
        /// The offset just after the object's `}`.
        var end: Int
    }

    private struct Frame {
        var start: Int
        var membersBase: Int
        var isObject: Bool
        /// Whether every key so far sorted after the one before (then none repeats and none moves).
        var inOrder = true
        /// The offset of the last key's opening quote.
        var lastKey: Int?
    }

    /// The objects that move, by the offset of their `{`.
    private(set) var reordered: [Int: Reordered] = [:]
    /// Whether the text is in normal form: compact, strings as ``JSONOutput`` writes them, no key repeated. Known
    /// only after a `.firstPlace` scan.
    private(set) var isNormal = true
    private var frames: [Frame] = []
    /// The key offsets of the open objects' members, innermost last.
    private var members: [UInt32] = []

    /// Scans `bytes` (validated JSON) for the objects whose members move in `order`, replacing any earlier scan.
    /// Offsets are 32-bit: an object that ends past 4 GiB stays in place.
    mutating func scan(_ bytes: UnsafeRawBufferPointer, order: Order) {
        reordered.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        isNormal = true
        let count = bytes.count
        var p = 0
        value: while true {
            p = skipSpace(bytes, from: p)
            guard p < count else { return }
            switch bytes[p] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[p] == UInt8(ascii: "{")
                let start = p
                p = skipSpace(bytes, from: p + 1)
                if p < count, bytes[p] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    p += 1
                } else {
                    frames.append(Frame(start: start, membersBase: members.count, isObject: isObject))
                    if isObject { p = readKey(bytes, at: p, order: order) }
                    continue value
                }
            case UInt8(ascii: "\""):
                let string = RawJSONString(at: p, in: bytes)
                isNormal = isNormal && string.isNormal
                p = string.end
            default: p = ValidatedJSON.scalarEnd(bytes, at: p)
            }
            // A whole value: the containers it completes close.
            while let top = frames.last {
                p = skipSpace(bytes, from: p)
                guard p < count else { return }
                let byte = bytes[p]
                p += 1
                if byte == UInt8(ascii: ",") {
                    if top.isObject { p = readKey(bytes, at: p, order: order) }
                    continue value
                }
                frames.removeLast()
                if top.isObject { close(top, end: p, in: bytes, order: order) }
            }
            return
        }
    }

    /// Skips white space, which the normal form has none of.
    private mutating func skipSpace(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        let p = ValidatedJSON.skipSpace(bytes, from: start)
        if p > start { isNormal = false }
        return p
    }

    /// Notes the member whose key is at `start` (after white space); returns the offset after its colon.
    private mutating func readKey(_ bytes: UnsafeRawBufferPointer, at start: Int, order: Order) -> Int {
        let p = skipSpace(bytes, from: start)
        guard p < bytes.count else { return p }
        let key = RawJSONString(at: p, in: bytes)
        isNormal = isNormal && key.isNormal
        members.append(UInt32(truncatingIfNeeded: p))
        let top = frames.count - 1
        if frames[top].inOrder, let previous = frames[top].lastKey {
            frames[top].inOrder = RawJSONString.compareKeys(at: previous, p, in: bytes) < 0
        }
        frames[top].lastKey = p
        return skipSpace(bytes, from: skipSpace(bytes, from: key.end) + 1)
    }

    /// An object closed: records its order if its members move.
    private mutating func close(_ frame: Frame, end: Int, in bytes: UnsafeRawBufferPointer, order: Order) {
        defer { members.removeSubrange(frame.membersBase...) }
        guard end <= UInt32.max else { return }
        let own = members[frame.membersBase...]
        switch order {
        case .sorted:
            guard !frame.inOrder else { return }
            reordered[frame.start] = Reordered(members: Self.sorted(own, in: bytes), end: end)
        case .firstPlace:
            guard !frame.inOrder else { return }
            let places = Self.firstPlaces(own, in: bytes)
            // No key repeated: every member stays where it stands.
            guard places.count < own.count else { return }
            isNormal = false
            reordered[frame.start] = Reordered(members: places, end: end)
        }
    }

    /// The members by key, each key once at its last member; keys are compared where they stand, not copied.
    private static func sorted(_ members: ArraySlice<UInt32>, in bytes: UnsafeRawBufferPointer) -> [UInt32] {
        // Offsets are unique: equal keys go in the order they stand in.
        let result = members.sorted { a, b in
            let order = RawJSONString.compareKeys(at: Int(a), Int(b), in: bytes)
            return order != 0 ? order < 0 : a < b
        }
        // Of each run of equal keys, the last.
        return result.indices.compactMap { k in
            k + 1 < result.count && RawJSONString.compareKeys(at: Int(result[k]), Int(result[k + 1]), in: bytes) == 0
                ? nil : result[k]
        }
    }

    /// The members in the order of their keys' first places, each key at its last member: keys compared pairwise
    /// in a small object, through a ``KeyPositions`` table in a large one.
    private static func firstPlaces(_ members: ArraySlice<UInt32>, in bytes: UnsafeRawBufferPointer) -> [UInt32] {
        func key(_ offset: UInt32) -> RawJSONString { RawJSONString(at: Int(offset), in: bytes) }
        var result: [UInt32] = []
        var table = KeyPositions(capacity: members.count > KeyPositions.linearLimit ? members.count : 0)
        // `result` as an argument: no closure holds on to it once the look is over.
        func look(for member: UInt32, in result: [UInt32]) -> Int? {
            guard members.count > KeyPositions.linearLimit else {
                return result.firstIndex { RawJSONString.compareKeys(at: Int($0), Int(member), in: bytes) == 0 }
            }
            let current = key(member)
            return table.firstOrInsert(
                result.count, hash: current.hash(in: bytes), hashOf: { key(result[$0]).hash(in: bytes) },
                where: { RawJSONString.equal(key(result[$0]), current, in: bytes) })
        }
        for member in members {
            if let found = look(for: member, in: result) {
                result[found] = member
            } else {
                result.append(member)
            }
        }
        return result
    }
}
