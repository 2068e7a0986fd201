#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How ``TraceLineParser`` reads the fields of an event line: keys, kinds,
/// times, demands and errors, each checked against the format's rules.
extension TraceLineParser {
    func duplicate(_ key: String, at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(ruleViolation: "duplicate key \"\(key)\"", offset: offset)
    }

    /// Reads a key, recognizing the known ones from their bytes without
    /// building a string.
    func readKey(_ parser: inout JSONParser) throws(JSONSyntaxError) -> Key {
        let start = parser.position + 1
        var end = start
        let bytes = parser.bytes
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20
        {
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let key = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
            parser.position = end + 1
            switch key.count {
            case 1 where key[0] == UInt8(ascii: "t"): return .t
            case 5 where key.matches("event"): return .event
            case 5 where key.matches("value"): return .value
            case 5 where key.matches("error"): return .error
            case 6 where key.matches("demand"): return .demand
            default:
                // Unknown keys are ignored, but must still be valid strings.
                parser.position = start - 1
                _ = try parser.scanString()
                return .other
            }
        }
        switch try parser.parseString() {
        case "t": return .t
        case "event": return .event
        case "value": return .value
        case "error": return .error
        case "demand": return .demand
        default: return .other
        }
    }

    /// Reads the `"event"` string and maps it to a kind.
    func readKind(_ parser: inout JSONParser) throws(JSONSyntaxError) -> EventKind {
        let offset = parser.position
        guard parser.peek() == UInt8(ascii: "\"") else {
            throw JSONSyntaxError(
                ruleViolation: "\"event\" must be a string, found \(try describeValue(&parser))", offset: offset)
        }
        let start = parser.position + 1
        let escaped = try parser.scanString()
        let raw = UnsafeRawBufferPointer(rebasing: parser.bytes[start..<(parser.position - 1)])
        if !escaped {
            switch raw.count {
            case 5 where raw.matches("value"): return .value
            case 6 where raw.matches("cancel"): return .cancel
            case 7 where raw.matches("request"): return .request
            case 7 where raw.matches("failure"): return .failure
            case 8 where raw.matches("finished"): return .finished
            case 9 where raw.matches("subscribe"): return .subscribe
            default: break
            }
        }
        var again = parser
        again.position = offset
        let name = try again.parseString()
        if let kind = EventKind(rawValue: name) { return kind }
        throw JSONSyntaxError(
            ruleViolation:
                "unknown event kind \(ValueText.quoted(name)); expected subscribe, request, value, finished, failure or cancel",
            offset: offset)
    }

    /// The error for a line that is not a JSON object.
    func notAnObject(_ parser: inout JSONParser) throws(JSONSyntaxError) -> JSONSyntaxError {
        if parser.isAtEnd { return parser.error("expected a JSON object, found an empty line") }
        let start = parser.position
        var probe = parser
        if (try? probe.skipValue()) != nil {
            probe.skipWhitespace()
            if probe.isAtEnd {
                return JSONSyntaxError(
                    ruleViolation: "expected a JSON object, found \(try describeValue(&parser))", offset: start)
            }
        }
        return parser.error("expected a JSON object, found \(parser.found())")
    }

    /// Reads `"t"`: digits only, in range.
    func parseTime(_ parser: inout JSONParser) throws(JSONSyntaxError) -> Int64 {
        let start = parser.position
        let bytes = parser.bytes
        var result: Int64 = 0
        var index = start
        while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
            let (m, o1) = result.multipliedReportingOverflow(by: 10)
            let (sum, o2) = m.addingReportingOverflow(Int64(bytes[index] &- UInt8(ascii: "0")))
            if o1 || o2 {
                throw JSONSyntaxError(
                    ruleViolation: "\"t\" is out of range (more than \(Int64.max) nanoseconds)", offset: start)
            }
            result = sum
            index += 1
        }
        let isPlainInteger =
            index > start && (index == start + 1 || bytes[start] != UInt8(ascii: "0"))
            && (index == bytes.count
                || !(bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "e")
                    || bytes[index] == UInt8(ascii: "E")))
        if isPlainInteger {
            parser.position = index
            return result
        }
        // Not a plain integer: say what it is.
        guard let first = parser.peek(), first == UInt8(ascii: "-") || first &- UInt8(ascii: "0") < 10 else {
            throw JSONSyntaxError(
                ruleViolation:
                    "\"t\" must be a non-negative integer of nanoseconds, found \(try describeValue(&parser))",
                offset: start)
        }
        let range = try parser.scanNumber()
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        throw JSONSyntaxError(
            ruleViolation: "\"t\" must be a non-negative integer of nanoseconds, found \(text)", offset: start)
    }

    func parseDemand(_ value: JSONValue, offset: Int) throws(Problem) -> Demand {
        switch value {
        case .string("unlimited"): return .unlimited
        case .number(let n):
            if let v = n.int64Value, v >= 1, v <= Int64(Int.max) { return .max(Int(v)) }
        default: break
        }
        throw Problem(
            offset: offset,
            message: "\"demand\" must be an integer >= 1 or \"unlimited\", found \(value.jsonText.prefix(40))",
            kind: .invalidEvent)
    }

    func parseFailure(_ value: JSONValue, value payload: JSONValue?, offset: Int) throws(Problem)
        -> TraceFailure
    {
        guard case .object(let object) = value, case .string(let type)? = object["type"],
            case .string(let message)? = object["message"]
        else {
            throw Problem(
                offset: offset,
                message:
                    "\"error\" must be an object with string \"type\" and \"message\", found \(value.jsonText.prefix(60))",
                kind: .invalidEvent)
        }
        return TraceFailure(type: type, message: message, value: payload)
    }

    // MARK: Helpers

    /// Walks a line's top-level object, calling `body` with each key (read
    /// by `keys`) and its offset; `body` must consume the key's value.
    func walkObject<Key>(
        _ parser: inout JSONParser,
        keys: (inout JSONParser) throws(JSONSyntaxError) -> Key,
        _ body: (Key, Int, inout JSONParser) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        parser.skipWhitespace()
        guard parser.peek() == UInt8(ascii: "{") else { throw try notAnObject(&parser) }
        parser.position += 1
        parser.skipWhitespace()
        if parser.peek() == UInt8(ascii: "}") {
            parser.position += 1
        } else {
            while true {
                parser.skipWhitespace()
                let keyOffset = parser.position
                guard parser.peek() == UInt8(ascii: "\"") else {
                    throw parser.error("expected a string key, found \(parser.found())")
                }
                let key = try keys(&parser)
                try parser.expect(UInt8(ascii: ":"), "':' after a key")
                parser.skipWhitespace()
                try body(key, keyOffset, &parser)
                parser.skipWhitespace()
                if parser.peek() == UInt8(ascii: ",") {
                    parser.position += 1
                    continue
                }
                if parser.peek() == UInt8(ascii: "}") {
                    parser.position += 1
                    break
                }
                throw parser.error("expected ',' or '}' in an object, found \(parser.found())")
            }
        }
        try parser.expectEnd()
    }

    /// Parses the value at the parser's position and names its JSON type.
    func describeValue(_ parser: inout JSONParser) throws(JSONSyntaxError) -> String {
        let value = try parser.parseValue(depth: 1)
        switch value {
        case .string(let s): return "the string \"\(s.prefix(40))\""
        case .number(let n): return n.text
        default:
            return value.typeName == "null"
                ? "null" : "a\(value.typeName.first == "a" || value.typeName.first == "o" ? "n" : "") \(value.typeName)"
        }
    }
}

extension UnsafeRawBufferPointer {
    /// Whether the bytes at `offset` start with `literal`'s UTF-8.
    @inline(__always)
    func has(_ literal: StaticString, at offset: Int) -> Bool {
        offset + literal.utf8CodeUnitCount <= count
            && memcmp(baseAddress! + offset, literal.utf8Start, literal.utf8CodeUnitCount) == 0
    }

    /// Whether the bytes are exactly `literal`'s UTF-8.
    @inline(__always)
    func matches(_ literal: StaticString) -> Bool {
        count == literal.utf8CodeUnitCount && memcmp(baseAddress!, literal.utf8Start, count) == 0
    }
}
