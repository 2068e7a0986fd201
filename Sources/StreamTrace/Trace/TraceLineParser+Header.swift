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
        if let (message, offset) = wrongType { throw Problem(offset: offset, message: message, kind: .invalidEvent) }
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
