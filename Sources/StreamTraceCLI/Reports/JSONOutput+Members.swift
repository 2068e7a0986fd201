import StreamTrace

extension JSONOutput {
    /// `key` (a member's punctuation and name: `,"line":`), then `value` as a JSON string, or `null`.
    mutating func append(_ key: StaticString, string value: String?) {
        append(key)
        if let value { write(string: value) } else { append("null") }
    }

    /// `key`, then `value` in decimal, or `null`.
    mutating func append(_ key: StaticString, int value: Int?) {
        append(key)
        if let value { write(int: Int64(value)) } else { append("null") }
    }

    /// `key`, then `items` as an array, each written by `element`.
    mutating func append<Item>(_ key: StaticString, array items: [Item], _ element: (inout JSONOutput, Item) -> Void) {
        append(key)
        append("[")
        for (index, item) in items.enumerated() {
            if index > 0 { append(",") }
            element(&self, item)
        }
        append("]")
    }
}
