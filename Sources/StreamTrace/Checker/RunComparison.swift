/// A query's matcher applied to a run of elements as they stream by, answering as ``QueryMatcher/matches(_:)`` would
/// on the whole array (or `recording`'s object) in memory bounded by the operand: it remembers the first element that
/// differs from the operand's and the first `contains` looks for, and answers for the run's final length.
struct RunComparison {
    let matcher: QueryMatcher
    let isRecording: Bool
    /// The array the run is compared with (`==`, `!=`, `contains` with an array, or a recording operand's `elements`).
    private let array: [JSONValue]?
    private let arrayTexts: [[UInt8]]
    /// `contains` on an array: an element equal to the operand.
    private let element: CompiledMatcher?
    /// The first element that differs from `array`'s (or is past its end).
    private var firstDifference: Int?
    private var firstFound: Int?

    init(_ matcher: QueryMatcher, isRecording: Bool) {
        self.matcher = matcher
        self.isRecording = isRecording
        var array: [JSONValue]?
        if isRecording {
            if case .object(let object) = matcher.operand, case .array(let elements)? = object["elements"] {
                array = elements
            }
        } else if case .array(let elements) = matcher.operand {
            array = elements
        }
        self.array = array
        arrayTexts = (array ?? []).map { Array($0.jsonText.utf8) }
        element = if case .contains(let part) = matcher, !isRecording { CompiledMatcher(.equal(part)) } else { nil }
    }

    mutating func take(_ bytes: UnsafeRawBufferPointer, at index: Int) {
        if firstDifference == nil, let array {
            if index >= array.count || !Self.equal(bytes, array[index], text: arrayTexts[index]) {
                firstDifference = index
            }
        }
        if firstFound == nil, let element, element.matches(bytes) { firstFound = index }
    }

    private func equalsArray(count: Int) -> Bool {
        guard let array, array.count == count else { return false }
        return (firstDifference ?? count) >= count
    }

    func matches(count: Int, completion: JSONValue?) -> Bool {
        if isRecording { return recordingMatches(count: count, completion: completion ?? .null) }
        switch matcher {
        case .equal: return equalsArray(count: count)
        case .notEqual: return !equalsArray(count: count)
        case .contains: return (firstFound.map { $0 < count } ?? false) || equalsArray(count: count)
        case .less, .lessOrEqual, .greater, .greaterOrEqual: return false
        }
    }

    /// The matcher on `{"elements": run, "completion": completion}`.
    private func recordingMatches(count: Int, completion: JSONValue) -> Bool {
        guard case .object(let operand) = matcher.operand else {
            if case .notEqual = matcher { return true }
            return false
        }
        let members = operand.map { ($0.key, $0.value) }
        switch matcher {
        case .equal, .notEqual:
            let equal =
                members.count == 2 && operand["elements"] != nil && equalsArray(count: count)
                && operand["completion"].map { $0 == completion } == true
            return (matcher.symbol == "==") == equal
        case .contains:
            return members.allSatisfy { key, value in
                switch key {
                case "elements": return equalsArray(count: count)
                case "completion": return Self.isSubset(value, of: completion)
                default: return false
                }
            }
        case .less, .lessOrEqual, .greater, .greaterOrEqual: return false
        }
    }

    /// `contains` compares a member by the subset rule only when both sides are objects, else by equality.
    private static func isSubset(_ pattern: JSONValue, of value: JSONValue) -> Bool {
        if case .object = pattern, case .object = value { return value.contains(pattern) }
        return value == pattern
    }

    private static func equal(_ bytes: UnsafeRawBufferPointer, _ value: JSONValue, text: [UInt8]) -> Bool {
        if bytes.elementsEqual(text) { return true }
        var parser = JSONParser(bytes)
        guard let decoded = try? parser.parseValue() else { return false }
        return decoded == value
    }
}
