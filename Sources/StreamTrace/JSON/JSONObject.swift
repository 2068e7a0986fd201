/// A JSON object that keeps its keys in the order they were read or written.
///
/// Equality ignores key order, as JSON equality does; keys are compared by
/// their Unicode scalars, so `"é"` and `"e\u0301"` are two keys.
public struct JSONObject: Sendable, Hashable, RandomAccessCollection {
    public struct Entry: Sendable, Hashable {
        public var key: String
        public var value: JSONValue
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }

        /// Keys compare by their Unicode scalars, as JSON's do.
        public static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.key.isExactly(rhs.key) && lhs.value == rhs.value
        }

        public func hash(into hasher: inout Hasher) {
            key.hashExactly(into: &hasher)
            hasher.combine(value)
        }
    }

    public private(set) var entries: [Entry]

    public init(_ entries: [Entry] = []) {
        self.entries = entries
    }

    public var startIndex: Int { entries.startIndex }
    public var endIndex: Int { entries.endIndex }
    public subscript(position: Int) -> Entry { entries[position] }

    /// The value for `key`, or `nil`.
    public subscript(key: String) -> JSONValue? {
        entries.first { $0.key.isExactly(key) }?.value
    }

    public mutating func append(key: String, value: JSONValue) {
        entries.append(Entry(key: key, value: value))
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.entries.count == rhs.entries.count else { return false }
        if lhs.entries.count <= 8 {
            return lhs.entries.allSatisfy { entry in rhs[entry.key] == entry.value }
        }
        let table = Dictionary(
            rhs.entries.map { (ExactString($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        return lhs.entries.allSatisfy { table[ExactString($0.key)] == $0.value }
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent, to agree with ==.
        var combined = 0
        for entry in entries {
            var h = Hasher()
            h.combine(entry)
            combined ^= h.finalize()
        }
        hasher.combine(entries.count)
        hasher.combine(combined)
    }
}
