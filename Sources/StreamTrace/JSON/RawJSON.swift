/// A JSON value kept as the exact, already validated text it was read as,
/// and decoded only when asked.
///
/// Reading a large trace for `streamtrace check elements` keeps millions of
/// values; as text they cost a copy of their bytes, as ``JSONValue`` trees
/// several allocations each. Equality is JSON equality of the decoded values,
/// worked out from the texts (see ``CanonicalJSON``).
///
/// ```swift
/// let raw = RawJSON(["id": 1])
/// let text = raw.text  // {"id":1}
/// let value = raw.value  // ["id": 1]
/// ```
package struct RawJSON: Sendable, Hashable, CustomStringConvertible {
    /// The compact or original JSON text, as UTF-8.
    @usableFromInline
    package let bytes: ArraySlice<UInt8>

    /// Wraps bytes that are known to be one valid JSON value.
    package init(validated bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
    }

    /// The compact text of `value`.
    package init(_ value: JSONValue) {
        var output = JSONOutput()
        output.write(value)
        bytes = output.buffer[...]
    }

    /// `null`.
    package static let null = RawJSON(validated: ArraySlice("null".utf8))

    /// Parses and keeps `text`, or throws if it is not one JSON value.
    package init(parsing text: String) throws(JSONSyntaxError) {
        _ = try JSONValue(parsing: text)
        bytes = Array(text.utf8)[...]
    }

    /// The text.
    package var text: String { String(decoding: bytes, as: UTF8.self) }
    package var description: String { text }

    /// The decoded value.
    package var value: JSONValue {
        bytes.withUnsafeBytes { raw in
            var parser = JSONParser(raw)
            // The bytes were validated when they were read: this cannot fail.
            return (try? parser.parseValue()) ?? .null
        }
    }

    package static func == (lhs: RawJSON, rhs: RawJSON) -> Bool {
        lhs.bytes == rhs.bytes || lhs.canonical == rhs.canonical
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(canonical)
    }

    /// The value's canonical form, from its text (no tree built).
    package var canonical: CanonicalJSON {
        var rewriter = JSONRewriter()
        return bytes.withUnsafeBytes { rewriter.canonical($0) }
    }
}
