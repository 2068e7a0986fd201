/// A string compared and hashed by its Unicode scalars, as JSON compares
/// strings (RFC 8259, jq): `"é"` (U+00E9) and `"e\u0301"` are different
/// strings, where Swift's `==` calls them equal.
///
/// ```swift
/// let swift = "é" == "e\u{301}"  // true
/// let json = ExactString("é") == ExactString("e\u{301}")  // false
/// ```
package struct ExactString: Hashable, Sendable {
    package let string: String

    package init(_ string: String) {
        self.string = string
    }

    package static func == (lhs: ExactString, rhs: ExactString) -> Bool {
        lhs.string.isExactly(rhs.string)
    }

    package func hash(into hasher: inout Hasher) {
        string.hashExactly(into: &hasher)
    }
}

extension String {
    /// Whether the two strings have the same Unicode scalars (their UTF-8
    /// bytes are equal), not merely canonically equivalent ones.
    package func isExactly(_ other: String) -> Bool {
        utf8.count == other.utf8.count && utf8.elementsEqual(other.utf8)
    }

    /// Hashes the string's scalars, to agree with ``isExactly(_:)``.
    package func hashExactly(into hasher: inout Hasher) {
        hasher.combine(utf8.count)
        for byte in utf8 { hasher.combine(byte) }
    }

    /// Whether `other`'s scalars stand in this string's, in a row.
    package func containsExactly(_ other: String) -> Bool {
        let needle = Array(other.utf8)
        guard !needle.isEmpty else { return true }
        let haystack = Array(utf8)
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<start + needle.count].elementsEqual(needle) { return true }
        }
        return false
    }

    /// Orders strings by their scalars (byte order of UTF-8), a total order
    /// that agrees with ``isExactly(_:)``.
    package func precedesExactly(_ other: String) -> Bool {
        utf8.lexicographicallyPrecedes(other.utf8)
    }
}
