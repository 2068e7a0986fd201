/// A JSON value in one normal form, so that two values are JSON-equal exactly when their forms are equal: object
/// keys sorted by their Unicode scalars, a repeated key once with its last value, numbers as sign, significant
/// digits and exponent (`1`, `1.0` and `10e-1` are all `1e0`), strings with their scalars as they are and the fewest
/// escapes. Stored as ``CompactBytes``; written straight from the value's text by ``JSONRewriter``.
package struct CanonicalJSON: Hashable, Sendable {
    /// The canonical text, or its digest.
    package let form: CompactBytes
    private let hashValue_: Int

    package init(_ value: JSONValue) {
        self = RawJSON(value).canonical
    }

    init(form: CompactBytes) {
        self.form = form
        hashValue_ = form.hashValue
    }

    package static func == (lhs: CanonicalJSON, rhs: CanonicalJSON) -> Bool {
        lhs.hashValue_ == rhs.hashValue_ && lhs.form == rhs.form
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(hashValue_)
    }
}
