#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A byte-level JSON parser over one buffer (in a trace, one line). It links no Foundation, validates UTF-8, reports
/// the byte offset of the first problem, and never recurses: open containers live on a stack of its own, at most
/// `maximumDepth` deep, so no value can exhaust a thread's stack.
package struct JSONParser {
    let bytes: UnsafeRawBufferPointer
    let maximumDepth: Int
    var position = 0

    package init(_ bytes: UnsafeRawBufferPointer, maximumDepth: Int = TraceReaderOptions.defaultMaximumDepth) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    // MARK: Bytes

    @inline(__always) var isAtEnd: Bool { position >= bytes.count }

    @inline(__always) func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    @inline(__always) mutating func skipWhitespace() {
        // Compact JSON has none: return at once.
        if position < bytes.count, bytes[position] > 0x20 { return }
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset ?? position, message: message)
    }

    /// A short, printable description of the byte at `offset`.
    func found(at offset: Int? = nil) -> String {
        let at = offset ?? position
        guard at < bytes.count else { return "end of line" }
        let byte = bytes[at]
        switch byte {
        case 0: return "a NUL byte"
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0x20: return "a space"
        default:
            let hex = String(byte, radix: 16, uppercase: true)
            return "byte 0x\(hex.count == 1 ? "0" + hex : hex)"
        }
    }

    @inline(__always)
    mutating func expect(_ byte: UInt8, _ what: StaticString) throws(JSONSyntaxError) {
        if position < bytes.count, bytes[position] == byte {
            position += 1
            return
        }
        try expectAfterWhitespace(byte, what)
    }

    mutating func expectAfterWhitespace(_ byte: UInt8, _ what: StaticString) throws(JSONSyntaxError) {
        skipWhitespace()
        guard peek() == byte else { throw error("expected \(what), found \(found())") }
        position += 1
    }

    /// Throws unless only white space remains.
    package mutating func expectEnd() throws(JSONSyntaxError) {
        skipWhitespace()
        if !isAtEnd { throw error("expected end of JSON, found \(found())") }
    }

    @inline(__always) func checkDepth(_ depth: Int) throws(JSONSyntaxError) {
        if depth >= maximumDepth {
            throw error("nesting is deeper than the limit of \(maximumDepth) levels")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let start = position
        let count = literal.utf8CodeUnitCount
        for i in 0..<count {
            let expected = literal.utf8Start[i]
            guard start + i < bytes.count, bytes[start + i] == expected else {
                throw error("expected a JSON value, found \(found(at: start))", at: start)
            }
        }
        position = start + count
    }

    // MARK: Numbers

    mutating func scanNumber() throws(JSONSyntaxError) -> Range<Int> {
        let start = position
        let count = bytes.count
        var index = position
        @inline(__always) func byte(_ i: Int) -> UInt8 { i < count ? bytes[i] : 0 }
        @inline(__always) func digits(_ i: inout Int) -> Int {
            let first = i
            while i < count, bytes[i] &- UInt8(ascii: "0") < 10 { i += 1 }
            return i - first
        }
        if byte(index) == UInt8(ascii: "-") { index += 1 }
        let first = byte(index)
        guard first &- UInt8(ascii: "0") < 10 else {
            position = index
            throw error("expected a digit, found \(found())")
        }
        if first == UInt8(ascii: "0") {
            index += 1
            if byte(index) &- UInt8(ascii: "0") < 10 {
                position = index
                throw error("a number must not have a leading zero")
            }
        } else {
            _ = digits(&index)
        }
        if byte(index) == UInt8(ascii: ".") {
            index += 1
            guard digits(&index) > 0 else {
                position = index
                throw error("expected a digit after '.', found \(found())")
            }
        }
        if byte(index) | 0x20 == UInt8(ascii: "e") {
            index += 1
            if byte(index) == UInt8(ascii: "+") || byte(index) == UInt8(ascii: "-") { index += 1 }
            guard digits(&index) > 0 else {
                position = index
                throw error("expected a digit in the exponent, found \(found())")
            }
        }
        position = index
        return start..<index
    }
}

/// Strings: scanning (validating UTF-8 and escapes) and decoding.
extension JSONParser {
    /// Parses a string starting at its opening quote.
    package mutating func parseString() throws(JSONSyntaxError) -> String {
        let contentStart = position + 1
        let needsDecoding = try scanString()
        let contentEnd = position - 1
        let raw = UnsafeRawBufferPointer(rebasing: bytes[contentStart..<contentEnd])
        guard needsDecoding else { return String(decoding: raw, as: UTF8.self) }
        return Self.withDecodedEscapes(raw) { String(decoding: $0, as: UTF8.self) }
    }

    /// Scans the string whose opening quote is at `position`, validating UTF-8 and escapes, and moves past its
    /// closing quote; returns whether it has escapes to decode.
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
                    func unpaired() -> JSONSyntaxError {
                        error(
                            "unpaired surrogate \\u\(String(unit, radix: 16, uppercase: true)) in a string",
                            at: escapeStart)
                    }
                    if unit >= 0xDC00, unit <= 0xDFFF { throw unpaired() }
                    if unit >= 0xD800, unit <= 0xDBFF {
                        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                            bytes[position + 1] == UInt8(ascii: "u")
                        else { throw unpaired() }
                        position += 2
                        guard (0xDC00...0xDFFF).contains(try scanHex4()) else { throw unpaired() }
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

    /// Skips string bytes that need no attention, eight at a time (``RawJSONString``'s scan); a DEL is the caller's.
    @inline(__always)
    mutating func skipPlainStringBytes() {
        position = RawJSONString.skipPlain(bytes, from: position)
    }

    mutating func scanHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let h = peek(), let digit = Self.hexDigit(h) else {
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

    /// Calls `body` with the decoded UTF-8 of validated string content, in scratch space (on the stack up to 1 KiB).
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

    /// Writes the decoded UTF-8 bytes of validated string content at `destination` and returns how many. Decoding
    /// never lengthens, so room for `raw.count` bytes suffices.
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

    /// What the escape whose backslash is at `i` (a byte follows it) stands for: its UTF-8 bytes, the first lowest,
    /// their count (1 to 4), and the offset after it, a `\u` pair's second half included. Shared by
    /// ``decodeEscapes(_:to:)`` and ``CanonicalHash``; reads nothing past `raw`.
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

    @inline(__always) static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}

extension JSONParser {
    package mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        try parseValue(depth: 0)
    }

    /// Parses one value inside `depth` containers already. Open containers grow in place on a stack of their own, so
    /// a member costs an append, never a copy: linear in the value's size.
    mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        var open: [ContainerBuilder] = []
        values: while true {
            var value: JSONValue
            switch try startValue(depth: depth + open.count) {
            case .scalar(let scalar): value = scalar
            case .emptyArray: value = .array([])
            case .emptyObject: value = .object(JSONObject())
            case .array:
                open.append(ContainerBuilder(key: nil))
                continue values
            case .object:
                open.append(ContainerBuilder(key: try parseKey()))
                continue values
            }
            // A whole value joins its container; a container that closes is in turn a whole value.
            while !open.isEmpty {
                let last = open.count - 1
                open[last].add(value)
                let isObject = open[last].isObject
                if try nextMember(
                    closing: isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"),
                    in: isObject ? "an object" : "an array")
                {
                    if isObject { open[last].key = try parseKey() }
                    continue values
                }
                value = open.removeLast().value
            }
            return value
        }
    }

    /// Checks one value without building it.
    package mutating func skipValue() throws(JSONSyntaxError) {
        try skipValue(depth: 0)
    }

    mutating func skipValue(depth: Int) throws(JSONSyntaxError) {
        // The closing byte of each open container, innermost last.
        var closers: [UInt8] = []
        while true {
            switch try startValue(depth: depth + closers.count, building: false) {
            case .scalar, .emptyArray, .emptyObject: break
            case .array:
                closers.append(UInt8(ascii: "]"))
                continue
            case .object:
                try scanKey()
                closers.append(UInt8(ascii: "}"))
                continue
            }
            while let closer = closers.last {
                let isObject = closer == UInt8(ascii: "}")
                guard try nextMember(closing: closer, in: isObject ? "an object" : "an array") else {
                    closers.removeLast()
                    continue
                }
                if isObject { try scanKey() }
                break
            }
            if closers.isEmpty { return }
        }
    }

    /// How a value starts: a whole scalar, an empty container, or an opened one (its first member follows).
    private enum Start {
        case scalar(JSONValue)
        case emptyArray, emptyObject, array, object
    }

    /// Reads the start of a value inside `depth` containers; a scalar is read whole, and built only when `building`.
    private mutating func startValue(depth: Int, building: Bool = true) throws(JSONSyntaxError) -> Start {
        skipWhitespace()
        guard let byte = peek() else { throw error("expected a JSON value, found end of line") }
        switch byte {
        case UInt8(ascii: "\""):
            if building { return .scalar(.string(try parseString())) }
            _ = try scanString()
            return .scalar(.null)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try checkDepth(depth)
            position += 1
            skipWhitespace()
            let closer = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            if peek() == closer {
                position += 1
                return byte == UInt8(ascii: "{") ? .emptyObject : .emptyArray
            }
            return byte == UInt8(ascii: "{") ? .object : .array
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .scalar(.bool(true))
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .scalar(.bool(false))
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .scalar(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let range = try scanNumber()
            guard building else { return .scalar(.null) }
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            return .scalar(.number(JSONNumber(validatedText: text)))
        default:
            throw error("expected a JSON value, found \(found())")
        }
    }

    /// After a member: `true` for a comma, `false` for the container's closing byte.
    private mutating func nextMember(closing closer: UInt8, in container: StaticString) throws(JSONSyntaxError) -> Bool
    {
        skipWhitespace()
        if peek() == UInt8(ascii: ",") {
            position += 1
            return true
        }
        if peek() == closer {
            position += 1
            return false
        }
        let expected = closer == UInt8(ascii: "}") ? "',' or '}'" : "',' or ']'"
        throw error("expected \(expected) in \(container), found \(found())")
    }

    private mutating func parseKey() throws(JSONSyntaxError) -> String {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else { throw error("expected a string key, found \(found())") }
        let key = try parseString()
        try expect(UInt8(ascii: ":"), "':' after a key")
        return key
    }

    private mutating func scanKey() throws(JSONSyntaxError) {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else { throw error("expected a string key, found \(found())") }
        _ = try scanString()
        try expect(UInt8(ascii: ":"), "':' after a key")
    }
}
