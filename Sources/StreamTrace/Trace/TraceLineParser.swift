/// Parses the header line and the event lines of a trace, checking each
/// against the format's rules. Problems carry the byte offset in the line.
struct TraceLineParser {
    let maximumDepth: Int

    struct Problem: Error {
        var offset: Int
        var message: String
        var kind: TraceReadError.Kind
    }

    struct ParsedEvent {
        var nanoseconds: Int64
        var timeOffset: Int
        var event: StreamEvent<JSONValue, TraceFailure>
    }

    // MARK: Events

    func parseEvent(_ line: UnsafeRawBufferPointer) throws(Problem) -> ParsedEvent {
        var parser = JSONParser(line, maximumDepth: maximumDepth)
        var time: Int64?
        var timeOffset = 0
        var kindName: String?
        var kindOffset = 0
        var value: JSONValue?
        var demand: (JSONValue, Int)?
        var error: (JSONValue, Int)?
        do {
            try walkObject(&parser) { (key, keyOffset, parser) throws(JSONSyntaxError) in
                let valueOffset = parser.position
                switch key {
                case "t":
                    guard time == nil else { throw JSONSyntaxError(ruleViolation: "duplicate key \"t\"", offset: keyOffset) }
                    time = try parseTime(&parser)
                    timeOffset = valueOffset
                case "event":
                    guard kindName == nil else { throw JSONSyntaxError(ruleViolation: "duplicate key \"event\"", offset: keyOffset) }
                    guard parser.peek() == UInt8(ascii: "\"") else {
                        throw JSONSyntaxError(ruleViolation: "\"event\" must be a string, found \(try describeValue(&parser))", offset: valueOffset)
                    }
                    kindName = try parser.parseString()
                    kindOffset = valueOffset
                case "value":
                    guard value == nil else { throw JSONSyntaxError(ruleViolation: "duplicate key \"value\"", offset: keyOffset) }
                    value = try parser.parseValue(depth: 1)
                case "demand":
                    guard demand == nil else { throw JSONSyntaxError(ruleViolation: "duplicate key \"demand\"", offset: keyOffset) }
                    demand = (try parser.parseValue(depth: 1), valueOffset)
                case "error":
                    guard error == nil else { throw JSONSyntaxError(ruleViolation: "duplicate key \"error\"", offset: keyOffset) }
                    error = (try parser.parseValue(depth: 1), valueOffset)
                default:
                    try parser.skipValue(depth: 1)
                }
            }
        } catch {
            throw Problem(offset: error.offset, message: error.message, kind: error.isRuleViolation ? .invalidEvent : .invalidJSON)
        }
        guard let time else { throw Problem(offset: 0, message: "missing \"t\": every event needs a time", kind: .invalidEvent) }
        guard let kindName else { throw Problem(offset: 0, message: "missing \"event\": every event needs a kind", kind: .invalidEvent) }
        let event: StreamEvent<JSONValue, TraceFailure>
        switch kindName {
        case "subscribe": event = .subscribe
        case "finished": event = .finished
        case "cancel": event = .cancel
        case "value":
            guard let value else {
                throw Problem(offset: 0, message: "a value event needs a \"value\"", kind: .invalidEvent)
            }
            event = .value(value)
        case "request":
            guard let (demandValue, offset) = demand else {
                throw Problem(offset: 0, message: "a request event needs a \"demand\"", kind: .invalidEvent)
            }
            event = .request(try parseDemand(demandValue, offset: offset))
        case "failure":
            guard let (errorValue, offset) = error else {
                throw Problem(offset: 0, message: "a failure event needs an \"error\"", kind: .invalidEvent)
            }
            event = .failure(try parseFailure(errorValue, value: value, offset: offset))
        default:
            throw Problem(
                offset: kindOffset,
                message: "unknown event kind \"\(kindName)\"; expected subscribe, request, value, finished, failure or cancel",
                kind: .invalidEvent)
        }
        return ParsedEvent(nanoseconds: time, timeOffset: timeOffset, event: event)
    }

    private func parseTime(_ parser: inout JSONParser) throws(JSONSyntaxError) -> Int64 {
        let start = parser.position
        guard let first = parser.peek(), first == UInt8(ascii: "-") || first &- UInt8(ascii: "0") < 10 else {
            throw JSONSyntaxError(ruleViolation: "\"t\" must be a non-negative integer of nanoseconds, found \(try describeValue(&parser))", offset: start)
        }
        let range = try parser.scanNumber()
        var result: Int64 = 0
        for i in range {
            let byte = parser.bytes[i]
            guard byte &- UInt8(ascii: "0") < 10 else {
                let text = String(decoding: UnsafeRawBufferPointer(rebasing: parser.bytes[range]), as: UTF8.self)
                throw JSONSyntaxError(ruleViolation: "\"t\" must be a non-negative integer of nanoseconds, found \(text)", offset: start)
            }
            let (m, o1) = result.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(Int64(byte &- UInt8(ascii: "0")))
            if o1 || o2 {
                throw JSONSyntaxError(ruleViolation: "\"t\" is out of range (more than \(Int64.max) nanoseconds)", offset: start)
            }
            result = s
        }
        return result
    }

    private func parseDemand(_ value: JSONValue, offset: Int) throws(Problem) -> Demand {
        switch value {
        case .string("unlimited"): return .unlimited
        case .number(let n):
            if let v = n.int64Value, v >= 1, v <= Int64(Int.max) { return .max(Int(v)) }
        default: break
        }
        throw Problem(
            offset: offset, message: "\"demand\" must be an integer >= 1 or \"unlimited\", found \(value.jsonText.prefix(40))",
            kind: .invalidEvent)
    }

    private func parseFailure(_ value: JSONValue, value payload: JSONValue?, offset: Int) throws(Problem) -> TraceFailure {
        guard case .object(let object) = value, case .string(let type)? = object["type"],
            case .string(let message)? = object["message"]
        else {
            throw Problem(
                offset: offset,
                message: "\"error\" must be an object with string \"type\" and \"message\", found \(value.jsonText.prefix(60))",
                kind: .invalidEvent)
        }
        return TraceFailure(type: type, message: message, value: payload)
    }

    // MARK: Header

    func parseHeader(_ line: UnsafeRawBufferPointer) throws(Problem) -> TraceHeader {
        var parser = JSONParser(line, maximumDepth: maximumDepth)
        var header = TraceHeader()
        var version: (JSONValue, Int)?
        var isEvent = false
        var wrongType: (String, Int)?
        do {
            try walkObject(&parser) { (key, _, parser) throws(JSONSyntaxError) in
                let offset = parser.position
                let value = try parser.parseValue(depth: 1)
                func string() -> String? {
                    if case .string(let s) = value { return s }
                    if wrongType == nil { wrongType = ("\"\(key)\" must be a string, found \(value.typeName)", offset) }
                    return nil
                }
                switch key {
                case "streamtrace": version = (value, offset)
                case "stream": header.stream = string()
                case "clock": header.clock = string()
                case "started": header.started = string()
                case "meta":
                    if case .object(let meta) = value {
                        header.meta = meta
                    } else if wrongType == nil {
                        wrongType = ("\"meta\" must be an object, found \(value.typeName)", offset)
                    }
                case "event", "t": isEvent = true
                default: break
                }
            }
        } catch {
            throw Problem(
                offset: error.offset, message: "not a trace header: \(error.message)", kind: .notATrace)
        }
        guard let (versionValue, versionOffset) = version else {
            let found = isEvent ? "an event" : "an object without \"streamtrace\""
            throw Problem(
                offset: 0, message: "missing header: expected {\"streamtrace\":1,...} on the first line, found \(found)",
                kind: .notATrace)
        }
        guard case .number(let number) = versionValue, let v = number.int64Value,
            Double(v) == number.doubleValue
        else {
            throw Problem(
                offset: versionOffset, message: "\"streamtrace\" must be the integer format version, found \(versionValue.jsonText.prefix(40))",
                kind: .notATrace)
        }
        guard v == Int64(TraceHeader.currentVersion) else {
            throw Problem(
                offset: versionOffset,
                message: "unsupported trace version \(v); this reader knows version \(TraceHeader.currentVersion)",
                kind: .unsupportedVersion)
        }
        if let (message, offset) = wrongType { throw Problem(offset: offset, message: message, kind: .invalidEvent) }
        return header
    }

    // MARK: Helpers

    /// Walks a top-level object, calling `body` with each key; `body` must
    /// consume the key's value.
    private func walkObject(
        _ parser: inout JSONParser,
        _ body: (String, Int, inout JSONParser) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        parser.skipWhitespace()
        guard parser.peek() == UInt8(ascii: "{") else {
            if parser.isAtEnd { throw parser.error("expected a JSON object, found an empty line") }
            let start = parser.position
            var probe = parser
            if (try? probe.skipValue()) != nil {
                probe.skipWhitespace()
                if probe.isAtEnd {
                    throw JSONSyntaxError(ruleViolation: "expected a JSON object, found \(try describeValue(&parser))", offset: start)
                }
            }
            throw parser.error("expected a JSON object, found \(parser.found())")
        }
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
                let key = try parser.parseString()
                try parser.expect(UInt8(ascii: ":"), "':' after a key")
                parser.skipWhitespace()
                try body(key, keyOffset, &parser)
                parser.skipWhitespace()
                if parser.peek() == UInt8(ascii: ",") { parser.position += 1; continue }
                if parser.peek() == UInt8(ascii: "}") { parser.position += 1; break }
                throw parser.error("expected ',' or '}' in an object, found \(parser.found())")
            }
        }
        try parser.expectEnd()
    }

    /// Parses the value at the parser's position and names its JSON type.
    private func describeValue(_ parser: inout JSONParser) throws(JSONSyntaxError) -> String {
        let value = try parser.parseValue(depth: 1)
        switch value {
        case .string(let s): return "the string \"\(s.prefix(40))\""
        case .number(let n): return n.text
        default: return value.typeName == "null" ? "null" : "a\(value.typeName.first == "a" || value.typeName.first == "o" ? "n" : "") \(value.typeName)"
        }
    }
}
