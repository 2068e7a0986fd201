/// An array or object being read. A repeated key keeps its first place and its last value, as most JSON readers do;
/// keys compare by their scalars.
struct ContainerBuilder {
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

    var value: JSONValue { isObject ? .object(JSONObject(entries)) : .array(elements) }

    mutating func add(_ value: JSONValue) {
        guard let key else { return elements.append(value) }
        if let existing = Self.look(for: key, in: entries, positions: &positions) {
            entries[existing].value = value
        } else {
            entries.append(JSONObject.Entry(key: key, value: value))
        }
    }

    /// Where `key` stands among `entries`, or `nil` after recording the entry about to be appended. `entries` is
    /// passed in so that no closure keeps it alive and appending does not copy.
    private static func look(for key: String, in entries: [JSONObject.Entry], positions: inout KeyPositions) -> Int? {
        guard entries.count >= KeyPositions.linearLimit else { return entries.firstIndex { $0.key.isExactly(key) } }
        return positions.firstOrInsert(
            entries.count, hash: KeyPositions.hash(key), hashOf: { KeyPositions.hash(entries[$0].key) },
            where: { entries[$0].key.isExactly(key) })
    }
}
