/// A JSON value kept as the exact, validated text it was read as, decoded only when asked: a trace's millions of
/// values cost a copy of their bytes, not a ``JSONValue`` tree each. Equality is JSON equality, worked out from the
/// texts (see ``CanonicalJSON``).
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

    package static let null = RawJSON(validated: ArraySlice("null".utf8))

    package var text: String { String(decoding: bytes, as: UTF8.self) }
    package var description: String { text }

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
