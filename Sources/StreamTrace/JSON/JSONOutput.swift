/// A growable buffer of compact JSON bytes. The trace writer and the value encoder append to it directly, so a line
/// is built without intermediate strings or Foundation.
@usableFromInline
package struct JSONOutput: Sendable {
    @usableFromInline var buffer: [UInt8]

    @usableFromInline
    package var bytes: [UInt8] { buffer }

    @usableFromInline
    mutating func truncate(to count: Int) {
        buffer.removeSubrange(count...)
    }

    @inlinable
    package init(capacity: Int = 256) {
        buffer = []
        buffer.reserveCapacity(capacity)
    }

    @usableFromInline
    package var string: String { String(decoding: buffer, as: UTF8.self) }

    @inlinable mutating func append(_ byte: UInt8) {
        buffer.append(byte)
    }

    /// Appends literal text (JSON punctuation, keys, literals).
    @inlinable package mutating func append(_ literal: StaticString) {
        let count = literal.utf8CodeUnitCount
        guard count > 2 else {
            // A line end, `}\n` or an escape: a byte at a time costs less than a copy's set-up.
            if count > 0 { buffer.append(literal.utf8Start[0]) }
            if count > 1 { buffer.append(literal.utf8Start[1]) }
            return
        }
        buffer.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: count))
    }

    /// Appends bytes as they are: they must be valid JSON where they go.
    @usableFromInline
    package mutating func append(raw: some Sequence<UInt8>) {
        buffer.append(contentsOf: raw)
    }

    @inlinable
    package mutating func removeAll(keepingCapacity: Bool = true) {
        buffer.removeAll(keepingCapacity: keepingCapacity)
    }

    // MARK: Scalars

    /// Writes a string with the escapes JSON requires, plus `\u` escapes for the other characters that must never
    /// reach a terminal raw (see ``TerminalText``); everything else as UTF-8.
    @usableFromInline
    package mutating func write(string: String) {
        var string = string
        string.withUTF8 { utf8 in
            append(UInt8(ascii: "\""))
            appendEscaping(utf8, insideString: true)
            append(UInt8(ascii: "\""))
        }
    }

    /// Appends `text`, escaping what a terminal must not see raw; inside a string literal also what JSON requires.
    @usableFromInline
    mutating func appendEscaping(_ text: UnsafeBufferPointer<UInt8>, insideString: Bool) {
        var runStart = 0
        var i = 0
        while i < text.count {
            i = Self.plainEnd(text, from: i, insideString: insideString)
            guard i < text.count else { break }
            let byte = text[i]
            let length: Int
            if byte == 0x7F || insideString && (byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\"))
            {
                length = 1
            } else if byte >= 0xC2, let sequence = JSONOutput.unsafeSequenceLength(text, at: i) {
                length = sequence
            } else {
                i += 1
                continue
            }
            if runStart < i { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<i])) }
            writeEscape(UnsafeBufferPointer(rebasing: text[i..<i + length]))
            i += length
            runStart = i
        }
        if runStart < text.count { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart...])) }
    }

    /// The offset of the first byte at or after `start` that ``appendEscaping(_:insideString:)`` must look at: DEL
    /// or a byte from 0x80 on, inside a string also a control, a quote or a backslash. Reads eight bytes at a time
    /// and stops before the last few (under eight), which the caller looks at one by one.
    @inline(__always)
    static func plainEnd(_ text: UnsafeBufferPointer<UInt8>, from start: Int, insideString: Bool) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        var i = start
        // Offsets stay within `text`: no overflow checks.
        while i &+ 8 <= text.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(text.baseAddress! + i).loadUnaligned(as: UInt64.self))
            // The lowest flagged byte is the first such byte (a borrow or a carry only runs upwards from one).
            var flagged = (word &+ ones) | word
            if insideString {
                let (quote, backslash) = (word ^ (ones &* 0x22), word ^ (ones &* 0x5C))
                flagged |= (word &- ones &* 0x20) | (quote &- ones) & ~quote | (backslash &- ones) & ~backslash
            }
            flagged &= ones &* 0x80
            if flagged != 0 { return i &+ flagged.trailingZeroBitCount &>> 3 }
            i &+= 8
        }
        return i
    }

    /// The length of the UTF-8 sequence at `i` if its scalar is one ``TerminalText/isUnsafe(_:)`` flags, else `nil`.
    @usableFromInline
    static func unsafeSequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        let lead = bytes[i]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard i + length <= bytes.count, lead == 0xC2 || lead == 0xD8 || lead == 0xE2 else { return nil }
        var value = UInt32(lead) & (length == 2 ? 0x1F : 0x0F)
        for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
        guard let scalar = Unicode.Scalar(value), TerminalText.isUnsafe(scalar) else { return nil }
        return length
    }

    /// Writes the escape of one character: `\"`, `\\`, `\n` … or `\u` and four hex digits.
    @usableFromInline
    mutating func writeEscape(_ sequence: UnsafeBufferPointer<UInt8>) {
        switch sequence.first {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        case 0x08: append("\\b")
        case 0x0C: append("\\f")
        default:
            var value = UInt32(sequence[0])
            if sequence.count > 1 {
                value &= sequence.count == 2 ? 0x1F : 0x0F
                for byte in sequence.dropFirst() { value = value << 6 | UInt32(byte & 0x3F) }
            }
            append("\\u")
            for shift in [12, 8, 4, 0] { append(JSONOutput.hexDigits[Int((value >> UInt32(shift)) & 0xF)]) }
        }
    }

    /// Appends JSON text read from a trace, valid as it is, escaping what must not reach a terminal raw (such
    /// characters can only stand inside strings, where an escape means the same).
    /// Contiguous bytes (the reader's, an array's) are read in place.
    package mutating func append(safeJSON bytes: some Collection<UInt8>) {
        let appended: Void? = bytes.withContiguousStorageIfAvailable { appendEscaping($0, insideString: false) }
        if appended == nil { Array(bytes).withUnsafeBufferPointer { appendEscaping($0, insideString: false) } }
    }

    static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    @usableFromInline
    package mutating func write(int value: Int64) {
        if value < 0 { append(UInt8(ascii: "-")) }
        write(uint: value.magnitude)
    }

    /// Appends `head`, `value` in decimal, `middle`, `raw` (valid JSON where it goes) and `tail` in one copy.
    package mutating func append(
        _ head: StaticString, int value: Int64, _ middle: StaticString,
        raw: UnsafeRawBufferPointer = UnsafeRawBufferPointer(start: nil, count: 0), _ tail: StaticString = ""
    ) {
        let (headCount, middleCount, tailCount) = (
            head.utf8CodeUnitCount, middle.utf8CodeUnitCount, tail.utf8CodeUnitCount
        )
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: headCount + 21 + middleCount + raw.count + tailCount) {
            text in
            let start = text.baseAddress!
            start.initialize(from: head.utf8Start, count: headCount)
            var count = headCount
            if value < 0 {
                start[count] = UInt8(ascii: "-")
                count += 1
            }
            count += DecimalText.write(value.magnitude, to: start + count)
            (start + count).initialize(from: middle.utf8Start, count: middleCount)
            count += middleCount
            if let bytes = raw.baseAddress {
                UnsafeMutableRawPointer(start + count).copyMemory(from: bytes, byteCount: raw.count)
                count += raw.count
            }
            (start + count).initialize(from: tail.utf8Start, count: tailCount)
            buffer.append(contentsOf: UnsafeBufferPointer(start: start, count: count + tailCount))
        }
    }

    @usableFromInline
    package mutating func write(uint value: UInt64) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            let count = DecimalText.write(value, to: digits.baseAddress!)
            buffer.append(contentsOf: UnsafeBufferPointer(start: digits.baseAddress, count: count))
        }
    }

    /// Writes a `Double` in its shortest round-trip form; NaN and infinities as strings (`"NaN"`, `"-Infinity"` …).
    @usableFromInline
    package mutating func write(double value: Double) {
        if value.isNaN {
            append("\"NaN\"")
        } else if value.isInfinite {
            append(value < 0 ? "\"-Infinity\"" : "\"Infinity\"")
        } else {
            buffer.append(contentsOf: value.description.utf8)
        }
    }

    /// Writes a `Float` in its own shortest form (so `0.1` stays `0.1`).
    @usableFromInline
    package mutating func write(float value: Float) {
        guard value.isFinite else { return write(double: Double(value)) }
        buffer.append(contentsOf: value.description.utf8)
    }

    @usableFromInline
    package mutating func write(bool value: Bool) {
        append(value ? "true" : "false")
    }

    // MARK: JSON values

    /// The members still to write of a container ``write(_:)`` opened.
    private enum Rest {
        case array(ArraySlice<JSONValue>)
        case object(ArraySlice<JSONObject.Entry>)
    }

    /// Writes a JSON value compactly, object keys in their stored order. Open containers live on a stack of its
    /// own, so that no value exhausts a thread's (small, secondary) stack.
    @usableFromInline
    package mutating func write(_ value: JSONValue) {
        var open: [Rest] = []
        var next = value
        while true {
            switch next {
            case .null: append("null")
            case .bool(let b): write(bool: b)
            case .number(let n): buffer.append(contentsOf: n.text.utf8)
            case .string(let s): write(string: s)
            case .array(let elements):
                append(UInt8(ascii: "["))
                open.append(.array(elements[...]))
            case .object(let object):
                append(UInt8(ascii: "{"))
                open.append(.object(object.entries[...]))
            }
            // The innermost container's next member, each container that has none left closing.
            members: while let rest = open.popLast() {
                switch rest {
                case .array(let elements) where !elements.isEmpty:
                    if elements.startIndex > 0 { append(UInt8(ascii: ",")) }
                    open.append(.array(elements.dropFirst()))
                    next = elements[elements.startIndex]
                case .object(let entries) where !entries.isEmpty:
                    if entries.startIndex > 0 { append(UInt8(ascii: ",")) }
                    open.append(.object(entries.dropFirst()))
                    write(string: entries[entries.startIndex].key)
                    append(UInt8(ascii: ":"))
                    next = entries[entries.startIndex].value
                case .array:
                    append(UInt8(ascii: "]"))
                    continue members
                case .object:
                    append(UInt8(ascii: "}"))
                    continue members
                }
                break members
            }
            if open.isEmpty { return }
        }
    }
}
