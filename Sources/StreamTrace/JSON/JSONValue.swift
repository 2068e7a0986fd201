/// A JSON value, as read back from a trace.
///
/// Equality is JSON equality: object key order is ignored, numbers are compared by value, and strings by their Unicode
/// scalars (`"é"` is not `"e\u0301"`, though Swift's `String` calls them equal).
///
/// ```swift
/// let a: JSONValue = ["id": 1, "tags": ["x"]]
/// let b = try JSONValue(parsing: #"{"tags":["x"],"id":1.0}"#)
/// let equal = a == b  // true
/// ```
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, exactly as written.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its keys in their order.
    case object(JSONObject)

    /// Parses one JSON text (surrounding white space allowed), nested at most 512 levels deep.
    ///
    /// - Throws: `JSONSyntaxError` with the byte offset of the problem.
    public init(parsing text: String) throws(JSONSyntaxError) {
        try self.init(parsing: text, maximumDepth: TraceReaderOptions.defaultMaximumDepth)
    }

    /// Parses one JSON text, nested at most `maximumDepth` levels deep.
    package init(parsing text: String, maximumDepth: Int) throws(JSONSyntaxError) {
        self = try Array(text.utf8).withUnsafeBytes { raw in
            Result { () throws(JSONSyntaxError) -> JSONValue in
                var parser = JSONParser(raw, maximumDepth: maximumDepth)
                let value = try parser.parseValue()
                try parser.expectEnd()
                return value
            }
        }.get()
    }

    /// The value as compact JSON text, keys in their stored order.
    package var jsonText: String { RawJSON(self).text }

    /// The name of the value's JSON type: `null`, `boolean`, `number`, `string`, `array` or `object`.
    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

extension JSONValue {
    /// Hashes the value's outer levels (at most eight deep): equal values hash alike, and no value is deep enough to
    /// exhaust a thread's stack.
    public func hash(into hasher: inout Hasher) {
        hash(into: &hasher, levels: 8)
    }

    func hash(into hasher: inout Hasher, levels: Int) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .number(let value): hasher.combine(value)
        case .string(let value): value.hashExactly(into: &hasher)
        case .array(let elements):
            hasher.combine(elements.count)
            guard levels > 0 else { return }
            for element in elements { element.hash(into: &hasher, levels: levels - 1) }
        case .object(let object): object.hash(into: &hasher, levels: levels)
        }
    }
}

extension JSONValue: CustomStringConvertible {
    public var description: String { jsonText }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    public init(floatLiteral value: Double) { self = JSONNumber(value).map(JSONValue.number) ?? .null }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { JSONObject.Entry(key: $0.0, value: $0.1) }))
    }
}

extension JSONValue {
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        // Without recursion: key order ignored, numbers by value, strings and keys by their scalars.
        var pending = [(lhs, rhs)]
        while let (a, b) = pending.popLast() {
            switch (a, b) {
            case (.null, .null): continue
            case (.bool(let x), .bool(let y)) where x == y: continue
            case (.number(let x), .number(let y)) where x == y: continue
            case (.string(let x), .string(let y)) where x.isExactly(y): continue
            case (.array(let x), .array(let y)) where x.count == y.count:
                pending += zip(x, y).map { ($0, $1) }
            case (.object(let x), .object(let y)) where x.count == y.count:
                let value = y.valueLookup(for: x.count)
                for entry in x {
                    guard let other = value(entry.key) else { return false }
                    pending.append((entry.value, other))
                }
            default:
                return false
            }
        }
        return true
    }

    /// Whether this value contains `pattern`: an array an equal element, a string a substring, an object every key of
    /// `pattern` with an equal value (nested objects alike); any other value, whether it equals `pattern`.
    package func contains(_ pattern: JSONValue) -> Bool {
        switch (self, pattern) {
        case (.array(let elements), _): return elements.contains(pattern) || self == pattern
        case (.string(let text), .string(let part)): return text.containsExactly(part)
        case (.object(let object), .object(let subset)): return object.holds(subset)
        default: return self == pattern
        }
    }
}

extension JSONObject {
    /// Whether the object holds every key of `subset` with an equal value, nested objects by the same rule, without
    /// recursion.
    func holds(_ subset: JSONObject) -> Bool {
        var pending = [(self, subset)]
        while let (object, subset) = pending.popLast() {
            let member = object.valueLookup(for: subset.count)
            for entry in subset {
                guard let member = member(entry.key) else { return false }
                if case .object(let nested) = member, case .object(let wanted) = entry.value {
                    pending.append((nested, wanted))
                } else if member != entry.value {
                    return false
                }
            }
        }
        return true
    }

    /// The value for a key (a repeated key's first), looked up along the members for at most
    /// ``KeyPositions/linearLimit`` `lookups`, else in a table of the keys.
    func valueLookup(for lookups: Int) -> (String) -> JSONValue? {
        guard lookups > KeyPositions.linearLimit else { return { self[$0] } }
        let keys = entries.map(\.key)
        let positions = KeyPositions(keys)
        return { key in positions.index(of: key, in: keys).map { self[$0].value } }
    }
}
