/// A comparison of the value an expectation passes with: `== JSON`, `!= JSON`, `contains JSON`, or `< <= > >= NUMBER`.
package enum QueryMatcher: Sendable, Hashable, CustomStringConvertible {
    case equal(JSONValue)
    case notEqual(JSONValue)
    case contains(JSONValue)
    case less(JSONNumber)
    case lessOrEqual(JSONNumber)
    case greater(JSONNumber)
    case greaterOrEqual(JSONNumber)

    /// The operators, as a query writes them, in the order messages list them.
    static let symbols = ["==", "!=", "contains", "<", "<=", ">", ">="]
    static let symbolList = symbols.joined(separator: ", ")

    /// `==`, `!=` or `contains` with its operand; `nil` for another symbol.
    init?(symbol: String, operand: JSONValue) {
        switch symbol {
        case "==": self = .equal(operand)
        case "!=": self = .notEqual(operand)
        case "contains": self = .contains(operand)
        default: return nil
        }
    }

    /// A numeric comparison: `<`, `<=`, `>` or `>=`.
    init(symbol: String, number: JSONNumber) {
        switch symbol {
        case "<": self = .less(number)
        case "<=": self = .lessOrEqual(number)
        case ">": self = .greater(number)
        default: self = .greaterOrEqual(number)
        }
    }

    package var symbol: String {
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

    package var operand: JSONValue {
        switch self {
        case .equal(let v), .notEqual(let v), .contains(let v): v
        case .less(let n), .lessOrEqual(let n), .greater(let n), .greaterOrEqual(let n): .number(n)
        }
    }

    package var description: String { "\(symbol) \(operand.jsonText)" }

    /// The comparison, for values read as text: the operand's canonical form is worked out once, and no value is built.
    package var textPredicate: @Sendable (RawJSON) -> Bool {
        switch self {
        case .equal(let expected):
            let pattern = JSONPattern(expected)
            return { raw in raw.bytes.withUnsafeBytes { pattern.equals(text: $0) } }
        case .notEqual(let expected):
            let pattern = JSONPattern(expected)
            return { raw in !raw.bytes.withUnsafeBytes { pattern.equals(text: $0) } }
        case .contains(let part):
            let pattern = JSONPattern(part)
            return { raw in raw.bytes.withUnsafeBytes { pattern.isContained(inText: $0) } }
        default:
            // Only a number compares; a number is short, built to compare exactly.
            return { [self] raw in
                guard let first = raw.bytes.first(where: { $0 > 0x20 }),
                    first == UInt8(ascii: "-") || first &- UInt8(ascii: "0") < 10
                else { return false }
                return matches(raw.value)
            }
        }
    }

    package func matches(_ value: JSONValue) -> Bool {
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

extension RecordingError.Reason {
    /// A query's matcher rejected the value its expectation passed with.
    package static let mismatch = Self(rawValue: "mismatch")
}
