extension JSONParser {
    /// Parses one value, building it.
    package mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        try parseValue(depth: 0)
    }

    /// Parses one value that stands inside `depth` containers already.
    ///
    /// Each open container grows its members in place on a stack of its
    /// own (`open[open.count - 1]`), so a member costs an append, never a
    /// copy of the members before it: linear in the value's size.
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
            // A whole value: it joins the container it stands in; a
            // container that closes is in turn a whole value.
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

    /// Checks one value that stands inside `depth` containers already.
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

    /// How a value starts: a whole scalar, an empty container, or a
    /// container opened (its first member follows).
    private enum Start {
        case scalar(JSONValue)
        case emptyArray, emptyObject, array, object
    }

    /// Reads the start of a value standing inside `depth` containers; a
    /// scalar is read whole (and built only when `building`).
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

    /// After a member: `true` for a comma (another member follows), `false`
    /// for the container's closing byte.
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

    /// A member's key and its colon, read.
    private mutating func parseKey() throws(JSONSyntaxError) -> String {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else { throw error("expected a string key, found \(found())") }
        let key = try parseString()
        try expect(UInt8(ascii: ":"), "':' after a key")
        return key
    }

    /// A member's key and its colon, checked.
    private mutating func scanKey() throws(JSONSyntaxError) {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else { throw error("expected a string key, found \(found())") }
        _ = try scanString()
        try expect(UInt8(ascii: ":"), "':' after a key")
    }
}

/// An array or object being read: its members so far. An object's
/// repeated key keeps its first place and its last value, as most JSON
/// readers do; keys compare by their scalars.
private struct ContainerBuilder {
    /// The key of the member being read; `nil` in an array.
    var key: String?
    private var elements: [JSONValue] = []
    private var entries: [JSONObject.Entry] = []
    /// Where each key stands, once there are enough keys for lookups to matter.
    private var positions = KeyPositions()

    init(key: String?) {
        self.key = key
    }

    var isObject: Bool { key != nil }

    /// The whole container.
    var value: JSONValue { isObject ? .object(JSONObject(entries)) : .array(elements) }

    mutating func add(_ value: JSONValue) {
        guard let key else { return elements.append(value) }
        if let existing = Self.look(for: key, in: entries, positions: &positions) {
            entries[existing].value = value
        } else {
            entries.append(JSONObject.Entry(key: key, value: value))
        }
    }

    /// Where `key` stands among `entries`; if nowhere, `nil`, and the entry
    /// about to be appended is recorded. (`entries` an argument: no closure
    /// holds on to it once the look is over, so appending does not copy.)
    private static func look(for key: String, in entries: [JSONObject.Entry], positions: inout KeyPositions) -> Int? {
        guard entries.count >= KeyPositions.linearLimit else { return entries.firstIndex { $0.key.isExactly(key) } }
        return positions.firstOrInsert(
            entries.count, hash: KeyPositions.hash(key), hashOf: { KeyPositions.hash(entries[$0].key) },
            where: { entries[$0].key.isExactly(key) })
    }
}
