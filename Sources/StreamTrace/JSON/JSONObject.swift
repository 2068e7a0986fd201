/// A JSON object that keeps its keys in the order they were read or written.
///
/// Equality ignores key order, as JSON equality does; keys are compared by
/// their Unicode scalars, so `"é"` and `"e\u0301"` are two keys.
public struct JSONObject: Sendable, Hashable, RandomAccessCollection {
    /// One member: a key and its value.
    public struct Entry: Sendable, Hashable {
        /// The member's name.
        public var key: String
        /// The member's value.
        public var value: JSONValue
        /// The member `key`: `value`.
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

    /// The members, in their order.
    public private(set) var entries: [Entry]

    /// An object of `entries`, in that order.
    public init(_ entries: [Entry] = []) {
        self.entries = entries
    }

    /// The position of the first member.
    public var startIndex: Int { entries.startIndex }
    /// The position after the last member.
    public var endIndex: Int { entries.endIndex }
    /// The member at `position`.
    public subscript(position: Int) -> Entry { entries[position] }

    /// The value for `key`, or `nil`.
    public subscript(key: String) -> JSONValue? {
        entries.first { $0.key.isExactly(key) }?.value
    }

    package mutating func append(key: String, value: JSONValue) {
        entries.append(Entry(key: key, value: value))
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        JSONValue.object(lhs) == .object(rhs)
    }

    public func hash(into hasher: inout Hasher) {
        hash(into: &hasher, levels: 8)
    }

    /// Order-independent, to agree with ==; values hashed `levels` deep.
    func hash(into hasher: inout Hasher, levels: Int) {
        var combined = 0
        if levels > 0 {
            for entry in entries {
                var h = Hasher()
                entry.key.hashExactly(into: &h)
                entry.value.hash(into: &h, levels: levels - 1)
                combined ^= h.finalize()
            }
        }
        hasher.combine(entries.count)
        hasher.combine(combined)
    }
}
