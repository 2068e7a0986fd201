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
                case "at":
                    if case .number(let number) = value, number.text.drop(while: { $0 == "-" }).allSatisfy(\.isNumber),
                        let at = number.int64Value
                    {
                        header.at = at
                    } else if wrongType == nil {
                        wrongType = (
                            "\"at\" must be an integer of nanoseconds, found \(value.jsonText.prefix(40))", offset
                        )
                    }
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
}
