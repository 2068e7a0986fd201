/// A byte-level JSON parser over one buffer (in a trace: one line).
///
/// It links no Foundation (the `streamtrace` command does not), validates
/// UTF-8, reports the byte offset of the first problem, and never recurses:
/// nested arrays and objects are kept on a stack of its own, up to
/// `maximumDepth` of them, so no value can exhaust a thread's stack.
package struct JSONParser {
    /// The default limit on nested arrays and objects.
    package static let defaultMaximumDepth = TraceReaderOptions.defaultMaximumDepth

    let bytes: UnsafeRawBufferPointer
    let maximumDepth: Int
    /// The offset of the next byte to read.
    var position = 0

    package init(_ bytes: UnsafeRawBufferPointer, maximumDepth: Int = JSONParser.defaultMaximumDepth) {
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

    /// Scans a number literal and returns its byte range.
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

    @discardableResult @inline(__always)
    mutating func skipDigits() -> Int {
        let start = position
        while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 { position += 1 }
        return position - start
    }
}
