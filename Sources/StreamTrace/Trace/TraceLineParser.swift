/// Parses and checks a trace's header and event lines; problems carry their byte offset in the line.
struct TraceLineParser {
    let maximumDepth: Int

    struct Problem: Error {
        var offset: Int
        var message: String
        var kind: TraceReadError.Kind

        /// A broken rule of the format (``TraceReadError/Kind/invalidEvent``).
        static func rule(_ message: String, at offset: Int = 0) -> Problem {
            Problem(offset: offset, message: message, kind: .invalidEvent)
        }
    }

    /// An event line, its value left as a byte range to decode on demand.
    struct ParsedEvent {
        var nanoseconds: Int64
        var timeOffset: Int
        var kind: EventKind
        var demand: Demand?
        var failure: TraceFailure?
        /// The bytes of `"value"` in the line, validated.
        var valueRange: Range<Int>?
        /// The group's sequence number (`"seq"`), if the line has one.
        var sequence: Int64?
    }

    /// The keys an event line may carry that the reader understands.
    enum Key {
        case t, seq, event, value, demand, error, other

        init(_ name: UnsafeRawBufferPointer) {
            switch name.count {
            case 1 where name[0] == UInt8(ascii: "t"): self = .t
            case 3 where name.matches("seq"): self = .seq
            case 5 where name.matches("event"): self = .event
            case 5 where name.matches("value"): self = .value
            case 5 where name.matches("error"): self = .error
            case 6 where name.matches("demand"): self = .demand
            default: self = .other
            }
        }
    }

    // MARK: Events

    /// Parses and checks one event line; values are validated, not built (see ``decodeValue(_:in:)``).
    func parseEvent(_ line: UnsafeRawBufferPointer) throws(Problem) -> ParsedEvent {
        var parser = JSONParser(line, maximumDepth: maximumDepth)
        var time: Int64?
        var timeOffset = 0
        var sequence: Int64?
        var kind: EventKind?
        var valueRange: Range<Int>?
        var demand: (JSONValue, Int)?
        var error: (JSONValue, Int)?
        let readKey: (inout JSONParser) throws(JSONSyntaxError) -> Key = { try readName(&$0, Key.init) }
        do throws(JSONSyntaxError) {
            try walkObject(&parser, keys: readKey) { (key, keyOffset, parser) throws(JSONSyntaxError) in
                let valueOffset = parser.position
                switch key {
                case .t:
                    guard time == nil else { throw duplicate("t", at: keyOffset) }
                    time = try parseTime(&parser)
                    timeOffset = valueOffset
                case .seq:
                    guard sequence == nil else { throw duplicate("seq", at: keyOffset) }
                    sequence = try parseTime(&parser, key: "seq", unit: "")
                case .event:
                    guard kind == nil else { throw duplicate("event", at: keyOffset) }
                    kind = try readKind(&parser)
                case .value:
                    guard valueRange == nil else { throw duplicate("value", at: keyOffset) }
                    try parser.skipValue(depth: 1)
                    valueRange = valueOffset..<parser.position
                case .demand:
                    guard demand == nil else { throw duplicate("demand", at: keyOffset) }
                    demand = (try parser.parseValue(depth: 1), valueOffset)
                case .error:
                    guard error == nil else { throw duplicate("error", at: keyOffset) }
                    error = (try parser.parseValue(depth: 1), valueOffset)
                case .other:
                    try parser.skipValue(depth: 1)
                }
            }
        } catch {
            throw Problem(
                offset: error.offset, message: error.message, kind: error.isRuleViolation ? .invalidEvent : .invalidJSON
            )
        }
        // What the event's kind needs: a time, a kind, the payload.
        guard let time else { throw .rule("missing \"t\": every event needs a time") }
        guard let kind else { throw .rule("missing \"event\": every event needs a kind") }
        var event = ParsedEvent(
            nanoseconds: time, timeOffset: timeOffset, kind: kind, valueRange: valueRange, sequence: sequence)
        try addPayload(to: &event, demand: demand, error: error, in: line)
        return event
    }

    /// Checks that `event` has the payload its kind needs, and reads its demand or error.
    private func addPayload(
        to event: inout ParsedEvent, demand: (JSONValue, Int)?, error: (JSONValue, Int)?,
        in line: UnsafeRawBufferPointer
    ) throws(Problem) {
        switch event.kind {
        case .value:
            if event.valueRange == nil { throw .rule("a value event needs a \"value\"") }
        case .request:
            guard let (demandValue, offset) = demand else { throw .rule("a request event needs a \"demand\"") }
            event.demand = try parseDemand(demandValue, offset: offset)
        case .failure:
            guard let (errorValue, offset) = error else { throw .rule("a failure event needs an \"error\"") }
            let payload = try event.valueRange.map { range throws(Problem) in try decodeValue(range, in: line) }
            event.failure = try parseFailure(errorValue, value: payload, offset: offset)
        case .subscribe, .finished, .cancel:
            break
        }
    }

    /// Builds the value of a validated byte range.
    func decodeValue(_ range: Range<Int>, in line: UnsafeRawBufferPointer) throws(Problem) -> JSONValue {
        var parser = JSONParser(line, maximumDepth: maximumDepth)
        parser.position = range.lowerBound
        do {
            return try parser.parseValue(depth: 1)
        } catch {
            throw Problem(offset: error.offset, message: error.message, kind: .invalidJSON)
        }
    }
}

/// The header line: format version, stream name, clock, start and meta.
extension TraceLineParser {
    func parseHeader(_ line: UnsafeRawBufferPointer) throws(Problem) -> TraceHeader {
        var parser = JSONParser(line, maximumDepth: maximumDepth)
        var header = TraceHeader()
        var version: (JSONValue, Int)?
        var isEvent = false
        var wrongType: (String, Int)?
        do {
            let readKey: (inout JSONParser) throws(JSONSyntaxError) -> String = { try $0.parseString() }
            try walkObject(&parser, keys: readKey) {
                (key, _, parser) throws(JSONSyntaxError) in
                let offset = parser.position
                let value = try parser.parseValue(depth: 1)
                switch key {
                case "streamtrace": version = (value, offset)
                case "event", "t": isEvent = true
                default:
                    if let problem = Self.read(key, value, into: &header), wrongType == nil {
                        wrongType = (problem, offset)
                    }
                }
            }
        } catch {
            throw Problem(
                offset: error.offset, message: "not a trace header: \(error.message)", kind: .notATrace)
        }
        guard let (versionValue, versionOffset) = version else {
            let found = isEvent ? "an event" : "an object without \"streamtrace\""
            throw Problem(
                offset: 0,
                message: "missing header: expected {\"streamtrace\":1,...} on the first line, found \(found)",
                kind: .notATrace)
        }
        guard case .number(let number) = versionValue, number.text.allSatisfy(\.isNumber), let v = number.int64Value
        else {
            throw Problem(
                offset: versionOffset,
                message:
                    "\"streamtrace\" must be the integer format version, found \(versionValue.jsonText.prefix(40))",
                kind: .notATrace)
        }
        guard v == Int64(TraceHeader.currentVersion) else {
            throw Problem(
                offset: versionOffset,
                message: "unsupported trace version \(v); this reader knows version \(TraceHeader.currentVersion)",
                kind: .unsupportedVersion)
        }
        if let (message, offset) = wrongType { throw .rule(message, at: offset) }
        return header
    }

    /// Sets the header's `key` from `value`; what is wrong with its type, if anything.
    private static func read(_ key: String, _ value: JSONValue, into header: inout TraceHeader) -> String? {
        func string() -> (String?, String?) {
            if case .string(let s) = value { return (s, nil) }
            return (nil, "\"\(key)\" must be a string, found \(value.typeName)")
        }
        var problem: String?
        switch key {
        case "stream": (header.stream, problem) = string()
        case "group": (header.group, problem) = string()
        case "clock": (header.clock, problem) = string()
        case "started": (header.started, problem) = string()
        case "at":
            if case .number(let number) = value, number.text.drop(while: { $0 == "-" }).allSatisfy(\.isNumber),
                let at = number.int64Value
            {
                header.at = at
            } else {
                problem = "\"at\" must be an integer of nanoseconds, found \(value.jsonText.prefix(40))"
            }
        case "seed":
            if case .number(let number) = value, number.text.allSatisfy(\.isNumber), let seed = UInt64(number.text) {
                header.seed = seed
            } else {
                problem =
                    "\"seed\" must be an integer from 0 to 18446744073709551615, found \(value.jsonText.prefix(40))"
            }
        case "meta":
            if case .object(let meta) = value {
                header.meta = meta
            } else {
                problem = "\"meta\" must be an object, found \(value.typeName)"
            }
        default: break
        }
        return problem
    }
}

/// Reading an event line's fields (keys, kinds, times, demands, errors), each checked against the format's rules.
extension TraceLineParser {
    func duplicate(_ key: String, at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(ruleViolation: "duplicate key \"\(key)\"", offset: offset)
    }

    /// Reads a string (the parser at its opening quote) and names it by `match`, which reads its text as written when
    /// it has no escape (no string built), else decoded.
    func readName<Name>(_ parser: inout JSONParser, _ match: (UnsafeRawBufferPointer) -> Name) throws(JSONSyntaxError)
        -> Name
    {
        let start = parser.position
        if try !parser.scanString() {
            return match(UnsafeRawBufferPointer(rebasing: parser.bytes[(start + 1)..<(parser.position - 1)]))
        }
        var again = parser
        again.position = start
        var decoded = try again.parseString()
        return decoded.withUTF8 { match(UnsafeRawBufferPointer($0)) }
    }

    func readKind(_ parser: inout JSONParser) throws(JSONSyntaxError) -> EventKind {
        let offset = parser.position
        guard parser.peek() == UInt8(ascii: "\"") else {
            throw JSONSyntaxError(
                ruleViolation: "\"event\" must be a string, found \(try describeValue(&parser))", offset: offset)
        }
        let kind = try readName(&parser) { name -> EventKind? in
            switch name.count {
            case 5 where name.matches("value"): .value
            case 6 where name.matches("cancel"): .cancel
            case 7 where name.matches("request"): .request
            case 7 where name.matches("failure"): .failure
            case 8 where name.matches("finished"): .finished
            case 9 where name.matches("subscribe"): .subscribe
            default: nil
            }
        }
        if let kind { return kind }
        var again = parser
        again.position = offset
        throw JSONSyntaxError(
            ruleViolation:
                "unknown event kind \(ValueText.quoted(try again.parseString())); expected subscribe, request, value, finished, failure or cancel",
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
    func parseTime(
        _ parser: inout JSONParser, key: String = "t", unit: String = " of nanoseconds"
    ) throws(JSONSyntaxError) -> Int64 {
        let start = parser.position
        let bytes = parser.bytes
        var result: Int64 = 0
        var index = start
        while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
            let (m, o1) = result.multipliedReportingOverflow(by: 10)
            let (sum, o2) = m.addingReportingOverflow(Int64(bytes[index] &- UInt8(ascii: "0")))
            if o1 || o2 {
                throw JSONSyntaxError(
                    ruleViolation:
                        "\"\(key)\" is out of range (more than \(Int64.max)\(unit.isEmpty ? "" : " nanoseconds"))",
                    offset: start)
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
                    "\"\(key)\" must be a non-negative integer\(unit), found \(try describeValue(&parser))",
                offset: start)
        }
        let range = try parser.scanNumber()
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        throw JSONSyntaxError(
            ruleViolation: "\"\(key)\" must be a non-negative integer\(unit), found \(text)", offset: start)
    }

    func parseDemand(_ value: JSONValue, offset: Int) throws(Problem) -> Demand {
        switch value {
        case .string("unlimited"): return .unlimited
        case .number(let n):
            if let v = n.int64Value, v >= 1, v <= Int64(Int.max) { return .max(Int(v)) }
        default: break
        }
        throw .rule(
            "\"demand\" must be an integer >= 1 or \"unlimited\", found \(value.jsonText.prefix(40))", at: offset)
    }

    func parseFailure(_ value: JSONValue, value payload: JSONValue?, offset: Int) throws(Problem)
        -> TraceFailure
    {
        guard case .object(let object) = value, case .string(let type)? = object["type"],
            case .string(let message)? = object["message"]
        else {
            throw .rule(
                "\"error\" must be an object with string \"type\" and \"message\", found \(value.jsonText.prefix(60))",
                at: offset)
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
    /// Whether the bytes are exactly `literal`'s UTF-8.
    func matches(_ literal: StaticString) -> Bool {
        elementsEqual(UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}
