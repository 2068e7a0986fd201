/// A JSON value, as read back from a trace.
///
/// Equality is JSON equality: object key order is ignored, numbers are
/// compared by value, and strings by their Unicode scalars (`"é"` is not
/// `"e\u0301"`, though Swift's `String` calls them equal).
///
/// ```swift
/// let a: JSONValue = ["id": 1, "tags": ["x"]]
/// let b = try JSONValue(parsing: #"{"tags":["x"],"id":1.0}"#)
/// let equal = a == b  // true
/// ```
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// Parses one JSON text (surrounding white space allowed).
    ///
    /// - Throws: `JSONSyntaxError` with the byte offset of the problem.
    public init(parsing text: String, maximumDepth: Int = TraceReaderOptions.defaultMaximumDepth)
        throws(JSONSyntaxError)
    {
        let bytes = Array(text.utf8)
        let result = bytes.withUnsafeBytes { raw -> Result<JSONValue, JSONSyntaxError> in
            var parser = JSONParser(raw, maximumDepth: maximumDepth)
            do throws(JSONSyntaxError) {
                let value = try parser.parseValue()
                try parser.expectEnd()
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        self = try result.get()
    }

    /// The value as compact JSON text, keys in their stored order.
    public var jsonText: String {
        var output = JSONOutput()
        output.write(self)
        return output.string
    }

    /// A short name of the value's JSON type: `null`, `boolean`, `number`,
    /// `string`, `array` or `object`.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// Whether this value contains `other`: an array holding an element equal
    /// to it, a string holding it as a substring, or an object holding every
    /// key of `other` with an equal value (where both values are objects,
    /// the same subset rule applies, recursively). Any other value contains
    /// `other` if it equals it.
    public func contains(_ other: JSONValue) -> Bool {
        switch (self, other) {
        case (.array(let elements), _):
            return elements.contains(other) || self == other
        case (.string(let s), .string(let sub)):
            return s.containsExactly(sub)
        case (.object(let object), .object(let pattern)):
            return JSONValue.object(object).hasSubset(pattern)
        default:
            return self == other
        }
    }
}

extension JSONValue {
    /// Whether this object has every key of `pattern` with an equal value,
    /// nested objects compared the same way.
    fileprivate func hasSubset(_ pattern: JSONObject) -> Bool {
        guard case .object(let object) = self else { return false }
        return pattern.allSatisfy { entry in
            guard let value = object[entry.key] else { return false }
            if case .object(let nested) = entry.value, case .object = value { return value.hasSubset(nested) }
            return value == entry.value
        }
    }
}

extension JSONValue {
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a.isExactly(b)
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a == b
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .number(let value): hasher.combine(value)
        case .string(let value): value.hashExactly(into: &hasher)
        case .array(let value): hasher.combine(value)
        case .object(let value): hasher.combine(value)
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
