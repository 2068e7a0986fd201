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

    /// Parses one JSON text (surrounding white space allowed), nested at
    /// most 512 levels deep.
    ///
    /// - Throws: `JSONSyntaxError` with the byte offset of the problem.
    public init(parsing text: String) throws(JSONSyntaxError) {
        try self.init(parsing: text, maximumDepth: TraceReaderOptions.defaultMaximumDepth)
    }

    /// Parses one JSON text, nested at most `maximumDepth` levels deep.
    package init(parsing text: String, maximumDepth: Int) throws(JSONSyntaxError) {
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
    package var jsonText: String {
        var output = JSONOutput()
        output.write(self)
        return output.string
    }

    /// A short name of the value's JSON type: `null`, `boolean`, `number`,
    /// `string`, `array` or `object`.
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

    /// Whether this value contains `other`: an array holding an element equal
    /// to it, a string holding it as a substring, or an object holding every
    /// key of `other` with an equal value (where both values are objects,
    /// the same subset rule applies, recursively). Any other value contains
    /// `other` if it equals it.
    package func contains(_ other: JSONValue) -> Bool {
        JSONValue.contains(self, other)
    }
}

extension JSONValue {
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        areEqual(lhs, rhs)
    }

    /// Hashes the value's outer levels (at most eight deep): equal values
    /// hash alike, and no value is deep enough to exhaust a thread's stack.
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
