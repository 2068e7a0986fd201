/// A 64-bit hash of a JSON value's canonical form (see ``CanonicalJSON``), computed in one pass over its text
/// without writing the form: strings by their scalars, numbers by sign, significant digits and exponent, objects by
/// their distinct keys (a repeated key with its last value) in any order, arrays in order. JSON-equal values hash
/// alike; equal hashes are settled by comparing canonical forms. Reuse a hasher: it keeps its scratch space.
package struct CanonicalHash {
    private struct Frame {
        var isObject: Bool
        /// An array's running hash.
        var state: UInt64
        var count = 0
        /// Where the object's members start in the member lists.
        var membersBase: Int
    }

    /// An open object's member: key hash, offset of its opening quote, and member hash (0 until its value is read).
    private struct Member {
        var keyHash: UInt64
        var keyStart: Int
        var hash: UInt64 = 0
    }

    private var frames: [Frame] = []
    /// The open objects' members, innermost last.
    private var memberList: [Member] = []
    /// How many entries of `memberList` are in use; the rest is spare capacity.
    private var members = 0

    package init() {}

    /// The hash of `bytes`, one validated JSON value.
    package mutating func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let hash = walk(bytes)
        // The lists of a huge object are let go of, not kept for the next value.
        if memberList.count > 1 << 14 { memberList = [] }
        return hash
    }

    private mutating func walk(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        // Left open only by a text cut short.
        if !frames.isEmpty { frames.removeAll(keepingCapacity: true) }
        members = 0
        var p = 0
        value: while true {
            p = ValidatedJSON.skipSpace(bytes, from: p)
            guard p < bytes.count else { return 0 }
            var value: UInt64
            let byte = bytes[p]
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                let isObject = byte == UInt8(ascii: "{")
                p = ValidatedJSON.skipSpace(bytes, from: p + 1)
                guard p < bytes.count else { return 0 }
                if bytes[p] == UInt8(ascii: "}") || bytes[p] == UInt8(ascii: "]") {
                    p += 1
                    value = Self.finish(0, count: 0, tag: isObject ? Self.objectTag : Self.arrayTag)
                } else {
                    frames.append(Frame(isObject: isObject, state: Self.arrayTag, membersBase: members))
                    if isObject { p = key(bytes, at: p) }
                    continue value
                }
            } else {
                (value, p) = scalar(bytes, at: p)
            }
            // A whole value: the containers it completes close.
            while let top = frames.last {
                if top.isObject {
                    memberList[members - 1].hash = Self.mix(
                        Self.mix(Self.memberTag, memberList[members - 1].keyHash), value)
                } else {
                    frames[frames.count - 1] = Frame(
                        isObject: false, state: Self.mix(top.state, value), count: top.count + 1,
                        membersBase: top.membersBase)
                }
                p = ValidatedJSON.skipSpace(bytes, from: p)
                guard p < bytes.count else { return 0 }
                if bytes[p] == UInt8(ascii: ",") {
                    p = top.isObject ? key(bytes, at: p + 1) : p + 1
                    continue value
                }
                p += 1
                let closed = frames.removeLast()
                value =
                    closed.isObject
                    ? closeObject(bytes, from: closed.membersBase)
                    : Self.finish(closed.state, count: closed.count, tag: Self.arrayTag)
            }
            return value
        }
    }

    /// Reads the key at `start` (after white space) and its colon; returns the offset after the colon.
    private mutating func key(_ bytes: UnsafeRawBufferPointer, at start: Int) -> Int {
        let p = ValidatedJSON.skipSpace(bytes, from: start)
        guard p < bytes.count else { return p }
        let (hash, end) = string(bytes, at: p)
        if members == memberList.count {
            memberList.append(Member(keyHash: hash, keyStart: p))
        } else {
            memberList[members] = Member(keyHash: hash, keyStart: p)
        }
        members += 1
        return ValidatedJSON.skipSpace(bytes, from: end) + 1
    }

    /// The hash of the object whose members start at `base`, taking them off the list: the sum of its members'
    /// hashes, a repeated key counted once (with its last value), so member order does not matter.
    private mutating func closeObject(_ bytes: UnsafeRawBufferPointer, from base: Int) -> UInt64 {
        let end = members
        var sum: UInt64 = 0
        var kept = 0
        func add(_ i: Int) {
            sum &+= Self.finish(memberList[i].hash, count: 0, tag: 0)
            kept += 1
        }
        if end - base <= 32 {
            for i in base..<end {
                var j = i + 1
                while j < end, !sameKey(i, j, in: bytes) { j += 1 }
                if j == end { add(i) }
            }
        } else {
            // Many keys: their hashes sorted show whether two may be the same;
            // if so, each is compared only with the later ones of its hash.
            let sorted = memberList[base..<end].map(\.keyHash).sorted()
            if !zip(sorted, sorted.dropFirst()).contains(where: { $0 == $1 }) {
                for i in base..<end { add(i) }
                members = base
                return Self.finish(sum, count: kept, tag: Self.objectTag)
            }
            let order = (base..<end).sorted { (memberList[$0].keyHash, $0) < (memberList[$1].keyHash, $1) }
            for k in order.indices {
                var m = k + 1
                while m < order.count, memberList[order[m]].keyHash == memberList[order[k]].keyHash,
                    !sameKey(order[k], order[m], in: bytes)
                {
                    m += 1
                }
                if m == order.count || memberList[order[m]].keyHash != memberList[order[k]].keyHash { add(order[k]) }
            }
        }
        members = base
        return Self.finish(sum, count: kept, tag: Self.objectTag)
    }

    private func sameKey(_ i: Int, _ j: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
        memberList[i].keyHash == memberList[j].keyHash
            && RawJSONString.equal(
                RawJSONString(at: memberList[i].keyStart, in: bytes),
                RawJSONString(at: memberList[j].keyStart, in: bytes),
                in: bytes)
    }

    /// The hash of the string, number or literal at `p`, and the offset after it.
    private mutating func scalar(_ bytes: UnsafeRawBufferPointer, at p: Int) -> (UInt64, Int) {
        switch bytes[p] {
        case UInt8(ascii: "\""): return string(bytes, at: p)
        case UInt8(ascii: "t"): return (Self.trueTag, p + 4)
        case UInt8(ascii: "f"): return (Self.falseTag, p + 5)
        case UInt8(ascii: "n"): return (Self.nullTag, p + 4)
        default:
            if let integer = Self.integerHash(bytes, at: p) { return integer }
            let end = ValidatedJSON.numberEnd(bytes, from: p)
            return (Self.numberHash(UnsafeRawBufferPointer(rebasing: bytes[p..<end])), end)
        }
    }

    /// The hash of number text, from the parts of its canonical form.
    private static func numberHash(_ text: UnsafeRawBufferPointer) -> UInt64 {
        guard let parts = JSONNumber.canonicalParts(text) else { return zeroTag }
        var hash = mix(parts.negative ? negativeTag : numberTag, UInt64(bitPattern: Int64(parts.exponent)))
        var word: UInt64 = 0
        var digits = 0
        for k in parts.first...parts.last where text[k] != UInt8(ascii: ".") {
            word = word << 4 | UInt64(text[k] & 0x0F)
            digits += 1
            if digits == 16 {
                hash = mix(hash, word)
                (word, digits) = (0, 0)
            }
        }
        return finish(mix(hash, word), count: digits, tag: 0)
    }

    @inline(__always)
    static func mix(_ hash: UInt64, _ value: UInt64) -> UInt64 {
        let product = (hash ^ value).multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15)
        return product.high ^ product.low
    }

    /// A last mix (MurmurHash3's finalizer) of `hash`, a count and a tag.
    @inline(__always)
    static func finish(_ hash: UInt64, count: Int, tag: UInt64) -> UInt64 {
        var h = hash ^ tag ^ UInt64(count) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= h >> 33
        h &*= 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        h &*= 0xC4CE_B9FE_1A85_EC53
        return h ^ h >> 33
    }

    private static let objectTag: UInt64 = 0x6F62_6A65_6374_0001
    private static let arrayTag: UInt64 = 0x6172_7261_7900_0002
    private static let memberTag: UInt64 = 0x6D65_6D62_6572_0003
    static let stringTag: UInt64 = 0x7374_7269_6E67_0004
    static let numberTag: UInt64 = 0x6E75_6D62_6572_0005
    static let negativeTag: UInt64 = 0x6E65_6761_7469_0006
    static let zeroTag: UInt64 = 0x7A65_726F_0000_0007
    private static let trueTag: UInt64 = 0x7472_7565_0000_0008
    private static let falseTag: UInt64 = 0x6661_6C73_6500_0009
    private static let nullTag: UInt64 = 0x6E75_6C6C_0000_000A
}

extension CanonicalHash {
    /// The hash of a plain integer of at most 15 digits at `p` (no point, no exponent) and the offset after it: the
    /// same hash `numberHash(_:)` gives that text, in one pass. `nil` for any other number.
    @inline(__always)
    static func integerHash(_ bytes: UnsafeRawBufferPointer, at p: Int) -> (UInt64, Int)? {
        let negative = bytes[p] == UInt8(ascii: "-")
        let start = negative ? p + 1 : p
        let end = min(bytes.count, start + 15)
        var i = start
        // All digits read (leading zeros aside), and up to the last nonzero one.
        var (all, digits): (UInt64, Int) = (0, 0)
        var (word, significant): (UInt64, Int) = (0, 0)
        while i < end {
            let digit = bytes[i] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            if all != 0 || digit != 0 { digits += 1 }
            all = all << 4 | UInt64(digit)
            if digit != 0 { (word, significant) = (all, digits) }
            i += 1
        }
        if i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return nil
            default: break
            }
        }
        guard i > start else { return nil }
        guard significant > 0 else { return (zeroTag, i) }
        let hash = mix(negative ? negativeTag : numberTag, UInt64(bitPattern: Int64(digits - significant)))
        return (finish(mix(hash, word), count: significant, tag: 0), i)
    }
}

extension CanonicalHash {
    /// A hash of bytes fed a few at a time (mixed eight at a time, then the rest, then their count), so a string
    /// hashes as it is scanned, escapes decoded.
    struct ByteStream {
        var hash: UInt64
        /// Bytes not mixed in yet, the first lowest; `bits` is how many bits they fill (a multiple of 8, below 64).
        private var word: UInt64 = 0
        private var bits = 0
        private var count = 0

        init(seed: UInt64) { hash = seed }

        @inline(__always)
        mutating func append(word eight: UInt64) {
            count += 8
            if bits == 0 {
                hash = CanonicalHash.mix(hash, eight)
            } else {
                hash = CanonicalHash.mix(hash, word | eight &<< UInt64(bits))
                word = eight &>> UInt64(64 - bits)
            }
        }

        /// Appends the `n` (1 to 7) low bytes of `bytes`, the first lowest; the bytes above them must be zero.
        @inline(__always)
        mutating func append(_ bytes: UInt64, count n: Int) {
            count += n
            word |= bytes &<< UInt64(bits)
            let filled = bits + 8 * n
            guard filled >= 64 else {
                bits = filled
                return
            }
            hash = CanonicalHash.mix(hash, word)
            // The bytes that did not fit (`bits` is not 0 here: n < 8).
            word = bytes &>> UInt64(64 - bits)
            bits = filled - 64
        }

        var finished: UInt64 { CanonicalHash.finish(CanonicalHash.mix(hash, word), count: count, tag: 0) }
    }

    /// The hash of the scalars of the string whose opening quote is at `start`, and the offset after its closing
    /// quote. Escapes are decoded, so the same scalars hash alike however they are written.
    func string(_ bytes: UnsafeRawBufferPointer, at start: Int) -> (UInt64, Int) {
        guard let base = bytes.baseAddress else { return (0, start + 1) }
        var stream = ByteStream(seed: Self.stringTag)
        var i = start + 1
        let (ones, highs): (UInt64, UInt64) = (0x0101_0101_0101_0101, 0x8080_8080_8080_8080)
        while true {
            while i + 8 <= bytes.count {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let (quote, backslash) = (word ^ (ones &* 0x22), word ^ (ones &* 0x5C))
                // The lowest bit set marks the first quote or backslash.
                let found = ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash) & highs
                if found != 0 {
                    let before = found.trailingZeroBitCount >> 3
                    if before > 0 { stream.append(word & (~0 &>> UInt64(64 - 8 * before)), count: before) }
                    i += before
                    break
                }
                stream.append(word: word)
                i += 8
            }
            while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\") {
                stream.append(UInt64(bytes[i]), count: 1)
                i += 1
            }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\\") else { return (stream.finished, i + 1) }
            i = Self.escape(bytes, at: i, into: &stream)
        }
    }

    /// Appends the bytes the escape at `i` stands for (``JSONParser/escape(_:at:)``) to `stream`; returns the offset
    /// after it. Never reads past `bytes`, whatever they hold.
    private static func escape(_ bytes: UnsafeRawBufferPointer, at i: Int, into stream: inout ByteStream) -> Int {
        guard i + 1 < bytes.count else {
            stream.append(UInt64(bytes[i]), count: 1)
            return i + 1
        }
        let (decoded, count, end) = JSONParser.escape(bytes, at: i)
        stream.append(decoded, count: count)
        return end
    }
}
