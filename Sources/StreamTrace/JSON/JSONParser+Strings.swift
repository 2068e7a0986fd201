#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Strings: scanning (validating UTF-8 and escapes) and decoding.
extension JSONParser {
    /// Parses a string starting at its opening quote.
    package mutating func parseString() throws(JSONSyntaxError) -> String {
        let contentStart = position + 1
        let needsDecoding = try scanString()
        let contentEnd = position - 1
        let raw = UnsafeRawBufferPointer(rebasing: bytes[contentStart..<contentEnd])
        guard needsDecoding else { return String(decoding: raw, as: UTF8.self) }
        return decodeEscapes(raw)
    }

    /// Scans a string starting at its opening quote, validating UTF-8 and
    /// escapes, and leaves `position` after the closing quote. Returns whether
    /// the string has escapes to decode.
    @inline(__always)
    mutating func scanString() throws(JSONSyntaxError) -> Bool {
        position += 1
        var hasEscapes = false
        while position < bytes.count {
            skipPlainStringBytes()
            guard position < bytes.count else { break }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return hasEscapes
            } else if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                position += 1
                guard let escaped = peek() else { break }
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                    UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    position += 1
                case UInt8(ascii: "u"):
                    let escapeStart = position - 1
                    position += 1
                    let unit = try scanHex4()
                    if unit >= 0xDC00, unit <= 0xDFFF {
                        throw error(
                            "unpaired surrogate \\u\(String(unit, radix: 16, uppercase: true)) in a string",
                            at: escapeStart)
                    }
                    if unit >= 0xD800, unit <= 0xDBFF {
                        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                            bytes[position + 1] == UInt8(ascii: "u")
                        else {
                            throw error(
                                "unpaired surrogate \\u\(String(unit, radix: 16, uppercase: true)) in a string",
                                at: escapeStart)
                        }
                        position += 2
                        let low = try scanHex4()
                        guard low >= 0xDC00, low <= 0xDFFF else {
                            throw error(
                                "unpaired surrogate \\u\(String(unit, radix: 16, uppercase: true)) in a string",
                                at: escapeStart)
                        }
                    }
                default:
                    throw error("invalid escape '\\\(String(decoding: [escaped], as: UTF8.self))' in a string")
                }
            } else if byte < 0x20 {
                throw error("a string must not contain \(found()) (control characters must be escaped)")
            } else if byte < 0x80 {
                position += 1
            } else {
                try skipUTF8Scalar()
            }
        }
        throw error("unterminated string")
    }

    /// Skips the bytes of a string that need no attention, eight at a
    /// time while it can (the scan ``RawJSONString`` uses; a DEL it stops
    /// at is taken one byte at a time by the caller).
    @inline(__always)
    mutating func skipPlainStringBytes() {
        position = RawJSONString.skipPlain(bytes, from: position)
    }

    /// Reads the 4 hex digits of a `\u` escape.
    mutating func scanHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let h = peek(), let digit = hexValue(h) else {
                throw error("expected 4 hex digits after \\u, found \(found())")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    /// Validates one multi-byte UTF-8 scalar at `position` and skips it.
    mutating func skipUTF8Scalar() throws(JSONSyntaxError) {
        guard let sequence = UTF8Sequence(lead: bytes[position]) else {
            throw error("invalid UTF-8: unexpected \(found())")
        }
        for i in 1..<sequence.length {
            guard position + i < bytes.count else { throw error("invalid UTF-8: sequence cut short") }
            guard sequence.range(ofByte: i).contains(bytes[position + i]) else {
                throw error("invalid UTF-8: unexpected \(found(at: position + i))", at: position + i)
            }
        }
        position += sequence.length
    }

    @inline(__always) func hexValue(_ byte: UInt8) -> UInt32? { Self.hexDigit(byte) }

    /// Decodes the escapes of string content that `scanString` validated
    /// (surrogates come in pairs, hex digits are hex).
    func decodeEscapes(_ raw: UnsafeRawBufferPointer) -> String {
        var out: [UInt8] = []
        Self.decodeEscapes(raw, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the UTF-8 bytes of validated string content, its escapes
    /// decoded, to `out`.
    static func decodeEscapes(_ raw: UnsafeRawBufferPointer, into out: inout [UInt8]) {
        withDecodedEscapes(raw) { out.append(contentsOf: $0) }
    }

    /// The UTF-8 bytes of validated string content, its escapes decoded,
    /// for `body`: in space of their own, on the stack if short (up to 1
    /// KiB), else on the heap, freed after.
    static func withDecodedEscapes<R>(_ raw: UnsafeRawBufferPointer, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        guard raw.count > 1024 else {
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(raw.count, 1)) { decoded in
                body(UnsafeBufferPointer(rebasing: decoded[..<decodeEscapes(raw, to: decoded.baseAddress!)]))
            }
        }
        let decoded = UnsafeMutablePointer<UInt8>.allocate(capacity: raw.count)
        defer { decoded.deallocate() }
        return body(UnsafeBufferPointer(start: decoded, count: decodeEscapes(raw, to: decoded)))
    }

    /// Writes the UTF-8 bytes of validated string content, its escapes
    /// decoded, at `destination`, which has room for `raw.count` bytes
    /// (decoding never lengthens); returns how many. The runs between
    /// escapes are copied whole.
    static func decodeEscapes(_ raw: UnsafeRawBufferPointer, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        guard let base = raw.baseAddress else { return 0 }
        let count = raw.count
        var (i, n) = (0, 0)
        func add(_ byte: UInt8) {
            destination[n] = byte
            n += 1
        }
        while i < count {
            let run = memchr(base + i, Int32(UInt8(ascii: "\\")), count - i).map { base.distance(to: $0) } ?? count
            (destination + n).initialize(from: (base + i).assumingMemoryBound(to: UInt8.self), count: run - i)
            (n, i) = (n + run - i, run)
            // A backslash last is copied as it is.
            guard i + 1 < count else {
                if i < count { add(raw[i]) }
                break
            }
            var (bytes, length, end) = escape(raw, at: i)
            for _ in 0..<length {
                add(UInt8(truncatingIfNeeded: bytes))
                bytes >>= 8
            }
            i = end
        }
        return n
    }

    /// The bytes the escape whose backslash is at `i` (a byte follows it)
    /// stands for, the first lowest, how many (1 to 4), and the offset
    /// after it (a `\u` pair's second half included): how ``decodeEscapes(_:to:)``
    /// and ``CanonicalHash`` decode it. Reads nothing past `raw`.
    @inline(__always)
    static func escape(_ raw: UnsafeRawBufferPointer, at i: Int) -> (bytes: UInt64, count: Int, end: Int) {
        func hex4(_ at: Int) -> UInt32 {
            var v: UInt32 = 0
            for k in 0..<4 where at + k < raw.count { v = v << 4 | (hexDigit(raw[at + k]) ?? 0) }
            return v
        }
        let byte: UInt8
        switch raw[i + 1] {
        case UInt8(ascii: "b"): byte = 0x08
        case UInt8(ascii: "f"): byte = 0x0C
        case UInt8(ascii: "n"): byte = 0x0A
        case UInt8(ascii: "r"): byte = 0x0D
        case UInt8(ascii: "t"): byte = 0x09
        case UInt8(ascii: "u"):
            var scalar = hex4(i + 2)
            var end = i + 6
            if scalar >= 0xD800, scalar <= 0xDBFF {
                // A pair's second half, `\uXXXX`, follows (the text is validated).
                scalar = 0x10000 &+ ((scalar &- 0xD800) &<< 10) &+ (hex4(end + 2) &- 0xDC00)
                end += 6
            }
            let (bytes, count) = utf8Bytes(Unicode.Scalar(scalar) ?? "\u{FFFD}")
            return (bytes, count, end)
        default: byte = raw[i + 1]  // " \ /
        }
        return (UInt64(byte), 1, i + 2)
    }

    /// The UTF-8 bytes of `scalar`, the first lowest, and how many.
    @inline(__always)
    private static func utf8Bytes(_ scalar: Unicode.Scalar) -> (UInt64, Int) {
        let v = UInt64(scalar.value)
        switch v {
        case ..<0x80: return (v, 1)
        case ..<0x800: return (0xC0 | v >> 6 | (0x80 | v & 0x3F) << 8, 2)
        case ..<0x1_0000: return (0xE0 | v >> 12 | (0x80 | v >> 6 & 0x3F) << 8 | (0x80 | v & 0x3F) << 16, 3)
        default:
            return (
                0xF0 | v >> 18 | (0x80 | v >> 12 & 0x3F) << 8 | (0x80 | v >> 6 & 0x3F) << 16 | (0x80 | v & 0x3F) << 24,
                4
            )
        }
    }

    /// The value of a hex digit, or `nil`.
    @inline(__always) static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
