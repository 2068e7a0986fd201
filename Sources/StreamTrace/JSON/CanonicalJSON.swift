/// A JSON value in one normal form, so that two values are JSON-equal
/// exactly when their canonical bytes are equal: object keys sorted by
/// their Unicode scalars, numbers as sign, significant digits and exponent
/// (`1`, `1.0` and `10e-1` are all `1e0`), strings with their scalars as
/// they are and the fewest escapes.
///
/// Comparing two large values is then comparing bytes, and their hashes
/// first: what `streamtrace diff` does for every pair of events it tries.
///
/// ```swift
/// let a = CanonicalJSON(try JSONValue(parsing: #"{"b":1.0,"a":[2]}"#))
/// let b = CanonicalJSON(try JSONValue(parsing: #"{"a":[2],"b":1}"#))
/// let equal = a == b  // true
/// ```
package struct CanonicalJSON: Hashable, Sendable {
    package let bytes: [UInt8]
    private let hashValue_: Int

    package init(_ value: JSONValue) {
        var output = JSONOutput()
        Self.write(value, to: &output)
        bytes = output.bytes
        var hasher = Hasher()
        hasher.combine(bytes)
        hashValue_ = hasher.finalize()
    }

    package static func == (lhs: CanonicalJSON, rhs: CanonicalJSON) -> Bool {
        lhs.hashValue_ == rhs.hashValue_ && lhs.bytes == rhs.bytes
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(hashValue_)
    }

    private static func write(_ value: JSONValue, to output: inout JSONOutput) {
        value.walk(sortingKeys: true) { token in
            if case .scalar(.number(let number)) = token {
                write(number, to: &output)
            } else {
                output.write(token)
            }
        }
    }

    /// `0`, or `-` digits `e` exponent.
    private static func write(_ number: JSONNumber, to output: inout JSONOutput) {
        let canonical = JSONNumber.Canonical(number.text)
        guard !canonical.digits.isEmpty else { return output.append("0") }
        if canonical.negative { output.append("-") }
        output.append(raw: canonical.digits)
        output.append("e")
        output.write(int: Int64(canonical.exponent))
    }
}
