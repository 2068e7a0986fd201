/// A comparison of the value an expectation passes with:
/// `== JSON`, `!= JSON`, `contains JSON`, or `< <= > >= NUMBER`.
public enum QueryMatcher: Sendable, Hashable, CustomStringConvertible {
    case equal(JSONValue)
    case notEqual(JSONValue)
    case contains(JSONValue)
    case less(JSONNumber)
    case lessOrEqual(JSONNumber)
    case greater(JSONNumber)
    case greaterOrEqual(JSONNumber)

    /// The operator as written.
    public var symbol: String {
        switch self {
        case .equal: "=="
        case .notEqual: "!="
        case .contains: "contains"
        case .less: "<"
        case .lessOrEqual: "<="
        case .greater: ">"
        case .greaterOrEqual: ">="
        }
    }

    /// The right-hand side.
    public var operand: JSONValue {
        switch self {
        case .equal(let v), .notEqual(let v), .contains(let v): v
        case .less(let n), .lessOrEqual(let n), .greater(let n), .greaterOrEqual(let n): .number(n)
        }
    }

    public var description: String { "\(symbol) \(operand.jsonText)" }

    /// Whether `value` satisfies the comparison.
    public func matches(_ value: JSONValue) -> Bool {
        switch self {
        case .equal(let expected): return value == expected
        case .notEqual(let expected): return value != expected
        case .contains(let part): return value.contains(part)
        case .less(let n), .lessOrEqual(let n), .greater(let n), .greaterOrEqual(let n):
            guard case .number(let actual) = value else { return false }
            let order = JSONNumber.compare(actual, n)
            switch self {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            default: return order >= 0
            }
        }
    }
}
