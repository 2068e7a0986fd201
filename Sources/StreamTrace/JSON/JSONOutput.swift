/// A growable buffer of compact JSON buffer.
///
/// The trace writer and the value encoder append straight into it, so a
/// line is built without intermediate strings or Foundation.
@usableFromInline
package struct JSONOutput: Sendable {
    @usableFromInline var buffer: [UInt8]

    /// The bytes written so far.
    @usableFromInline
    package var bytes: [UInt8] { buffer }

    /// Drops everything after the first `count` buffer.
    @usableFromInline
    mutating func truncate(to count: Int) {
        buffer.removeSubrange(count...)
    }

    @inlinable
    package init(capacity: Int = 256) {
        buffer = []
        buffer.reserveCapacity(capacity)
    }

    /// The bytes as a string.
    @usableFromInline
    package var string: String { String(decoding: buffer, as: UTF8.self) }

    @inlinable mutating func append(_ byte: UInt8) {
        buffer.append(byte)
    }

    /// Appends literal text (JSON punctuation, keys, literals).
    @inlinable package mutating func append(_ literal: StaticString) {
        buffer.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends bytes as they are: they must be valid JSON where they go.
    @usableFromInline
    package mutating func append(raw: some Sequence<UInt8>) {
        buffer.append(contentsOf: raw)
    }

    /// Empties the buffer, keeping its capacity for the next line.
    @inlinable
    package mutating func removeAll(keepingCapacity: Bool = true) {
        buffer.removeAll(keepingCapacity: keepingCapacity)
    }

    // MARK: Scalars

    /// Writes a string with the escapes JSON requires: quote, backslash and
    /// control characters. Other characters are written as UTF-8.
    @usableFromInline
    package mutating func write(string: String) {
        var string = string
        string.withUTF8 { utf8 in
            append(UInt8(ascii: "\""))
            var runStart = 0
            for i in 0..<utf8.count {
                let byte = utf8[i]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if runStart < i { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i])) }
                runStart = i + 1
                switch byte {
                case UInt8(ascii: "\""): append("\\\"")
                case UInt8(ascii: "\\"): append("\\\\")
                case 0x0A: append("\\n")
                case 0x0D: append("\\r")
                case 0x09: append("\\t")
                case 0x08: append("\\b")
                case 0x0C: append("\\f")
                default:
                    append("\\u00")
                    append(JSONOutput.hexDigits[Int(byte >> 4)])
                    append(JSONOutput.hexDigits[Int(byte & 0xF)])
                }
            }
            if runStart < utf8.count { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
            append(UInt8(ascii: "\""))
        }
    }

    static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Writes a signed integer in decimal.
    @usableFromInline
    package mutating func write(int value: Int64) {
        if value < 0 {
            append(UInt8(ascii: "-"))
            write(uint: value.magnitude)
        } else {
            write(uint: UInt64(value))
        }
    }

    /// Writes an unsigned integer in decimal.
    @usableFromInline
    package mutating func write(uint value: UInt64) {
        if value < 10 {
            append(UInt8(ascii: "0") &+ UInt8(value))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var v = value
            var i = 20
            while v > 0 {
                i -= 1
                digits[i] = UInt8(ascii: "0") &+ UInt8(v % 10)
                v /= 10
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: digits[i..<20]))
        }
    }

    /// Writes a floating point number in the shortest form that reads back
    /// the same; NaN and infinities become the strings `"NaN"`,
    /// `"Infinity"` and `"-Infinity"`.
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
        if value.isNaN || value.isInfinite {
            write(double: Double(value))
        } else {
            buffer.append(contentsOf: value.description.utf8)
        }
    }

    @usableFromInline
    package mutating func write(bool value: Bool) {
        append(value ? "true" : "false")
    }

    // MARK: JSON values

    /// Writes a JSON value compactly, object keys in their stored order.
    @usableFromInline
    package mutating func write(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let b): write(bool: b)
        case .number(let n): buffer.append(contentsOf: n.text.utf8)
        case .string(let s): write(string: s)
        case .array(let elements):
            append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { append(UInt8(ascii: ",")) }
                write(element)
            }
            append(UInt8(ascii: "]"))
        case .object(let object):
            append(UInt8(ascii: "{"))
            for (i, entry) in object.entries.enumerated() {
                if i > 0 { append(UInt8(ascii: ",")) }
                write(string: entry.key)
                append(UInt8(ascii: ":"))
                write(entry.value)
            }
            append(UInt8(ascii: "}"))
        }
    }
}
