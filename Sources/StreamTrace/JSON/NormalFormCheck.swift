/// A quick, allocation-free look at whether a validated JSON value is in normal form (see ``JSONRewriter``). `true`
/// only when it surely is: no white space, every string as ``JSONOutput`` writes it with no escape but `\"`, `\\`,
/// `\b`, `\f`, `\n`, `\r` and `\t`, and no object repeating a key. `false` means "look closer" (``JSONMemberOrder``'s
/// scan decides): a `\u` escape, nesting deeper than ``maximumDepth``, more than ``maximumKeys`` keys in the open
/// objects, or anything not normal. Keys are compared as bytes: in normal form the same key has the same bytes.
package enum NormalFormCheck {
    /// The deepest nesting looked at.
    static let maximumDepth = 24
    /// The most keys of open objects kept to compare, so that the scratch space stays on the stack, under 1 KiB.
    static let maximumKeys = 24

    /// Whether `bytes` (one validated JSON value) are surely in normal form.
    package static func isSurelyNormal(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let first = bytes.first else { return false }
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "["): break
        case UInt8(ascii: "\""): return stringEnd(bytes, from: 0) == bytes.count
        default: return !bytes.contains { $0 <= 0x20 }
        }
        // Per key: its content's offset, its length and its first 8 bytes; per open container: where
        // its keys start (-1 for an array).
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * maximumKeys + maximumDepth) { scratch in
            let keys = scratch.baseAddress!
            return containerIsNormal(
                bytes, keys: (keys, keys + maximumKeys, keys + 2 * maximumKeys), frames: keys + 3 * maximumKeys)
        }
    }

    private typealias Keys = (
        offsets: UnsafeMutablePointer<Int>, lengths: UnsafeMutablePointer<Int>, words: UnsafeMutablePointer<Int>
    )

    private static func containerIsNormal(
        _ bytes: UnsafeRawBufferPointer, keys: Keys, frames: UnsafeMutablePointer<Int>
    ) -> Bool {
        // Offsets stay within `bytes` (far from Int.max): no overflow checks below.
        let count = bytes.count
        var (p, depth, keyCount, expectKey) = (0, 0, 0, false)
        while p < count {
            var byte = bytes[p]
            // A run of digits, letters, `:`, `-`, `+` and `.` (what stands outside strings but quotes,
            // commas, brackets and white space) in one tight loop; a container ends with a bracket.
            while isPlain(byte) {
                p &+= 1
                guard p < count else { return false }
                byte = bytes[p]
            }
            switch byte {
            case UInt8(ascii: "\""):
                guard let end = stringEnd(bytes, from: p) else { return false }
                if expectKey {
                    guard keyCount < maximumKeys else { return false }
                    let (offset, length) = (p &+ 1, end &- p &- 2)
                    let word = leadingWord(bytes, at: offset, length: length)
                    if repeats(offset, length, word, keys: keys, from: frames[depth &- 1], to: keyCount, in: bytes) {
                        return false
                    }
                    (keys.offsets[keyCount], keys.lengths[keyCount], keys.words[keyCount]) = (offset, length, word)
                    keyCount &+= 1
                    expectKey = false
                }
                p = end
            case UInt8(ascii: ","):
                expectKey = frames[depth &- 1] >= 0
                p &+= 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard depth < maximumDepth else { return false }
                expectKey = byte == UInt8(ascii: "{")
                frames[depth] = expectKey ? keyCount : -1
                depth &+= 1
                p &+= 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth &-= 1
                if frames[depth] >= 0 { keyCount = frames[depth] }
                expectKey = false
                p &+= 1
            default:
                // White space, or a byte validated JSON has not outside strings.
                return false
            }
        }
        return depth == 0
    }

    /// Whether `byte`, outside strings, is none of quote, comma, bracket and white space; in validated JSON that leaves
    /// digits, literal and exponent letters, `:`, `-`, `+` and `.` (`& 0xD9 == 0x59` holds for the four brackets and,
    /// of the rest, only for `Y`, `_`, `y` and DEL, which cannot stand there).
    @inline(__always)
    private static func isPlain(_ byte: UInt8) -> Bool {
        byte > UInt8(ascii: "\"") && byte != UInt8(ascii: ",") && byte & 0xD9 != 0x59
    }

    /// Whether the key at `offset` (`length` bytes, `word` leading) is among `keys[from..<to]`.
    @inline(__always)
    private static func repeats(
        _ offset: Int, _ length: Int, _ word: Int, keys: Keys, from: Int, to: Int, in bytes: UnsafeRawBufferPointer
    ) -> Bool {
        var k = from
        while k < to {
            if keys.words[k] == word, keys.lengths[k] == length,
                length <= 8
                    || bytes[keys.offsets[k]..<keys.offsets[k] + length].elementsEqual(bytes[offset..<offset + length])
            {
                return true
            }
            k &+= 1
        }
        return false
    }

    /// Up to the first 8 bytes of `length` at `offset`, as one number.
    @inline(__always)
    private static func leadingWord(_ bytes: UnsafeRawBufferPointer, at offset: Int, length: Int) -> Int {
        guard offset + 8 <= bytes.count else {
            var word = 0
            // As the load below reads them: the first byte lowest.
            for k in 0..<min(length, 8) { word |= Int(bytes[offset + k]) << (8 * k) }
            return word
        }
        let word = UInt64(littleEndian: bytes.baseAddress!.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        return Int(truncatingIfNeeded: length >= 8 ? word : word & ((1 << (8 * UInt64(length))) &- 1))
    }

    /// The offset after the string whose opening quote is at `start` if it is surely in normal form, else `nil`.
    @inline(__always)
    private static func stringEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        let count = bytes.count
        var i = start &+ 1
        while true {
            // A validated string holds no controls: what stops the skip is a quote, a backslash, DEL or 0x80 on.
            i = RawJSONString.skipPlain(bytes, from: i)
            guard i < count else { return nil }
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "\""):
                return i &+ 1
            case UInt8(ascii: "\\"):
                guard i &+ 1 < count else { return nil }
                switch bytes[i &+ 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
                    UInt8(ascii: "r"), UInt8(ascii: "t"):
                    i &+= 2
                default: return nil
                }
            default:
                // DEL (a control cannot stand in validated JSON)
                guard byte >= 0x80 else { return nil }
                if byte == 0xC2 || byte == 0xD8 || byte == 0xE2,
                    JSONOutput.unsafeSequenceLength(bytes.assumingMemoryBound(to: UInt8.self), at: i) != nil
                {
                    return nil
                }
                i &+= byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            }
        }
    }
}
