/// JSON compares strings by their Unicode scalars (RFC 8259, jq): `"é"` (U+00E9) and `"e\u0301"` are different
/// strings, though Swift's `==` calls them equal.
extension String {
    /// Whether the two strings have the same Unicode scalars (equal UTF-8), not merely canonically equivalent ones.
    package func isExactly(_ other: String) -> Bool {
        utf8.count == other.utf8.count && utf8.elementsEqual(other.utf8)
    }

    /// Hashes the string's scalars, to agree with ``isExactly(_:)``.
    package func hashExactly(into hasher: inout Hasher) {
        hasher.combine(utf8.count)
        let hashed: Void? = utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil { Array(utf8).withUnsafeBytes { hasher.combine(bytes: $0) } }
    }

    /// Whether `other`'s scalars occur in a row in this string (Knuth–Morris–Pratt over UTF-8: linear time).
    package func containsExactly(_ other: String) -> Bool {
        let needle = Array(other.utf8)
        guard !needle.isEmpty else { return true }
        guard utf8.count >= needle.count else { return false }
        // fallback[i]: the length of the longest proper border of needle[...i].
        var fallback = [Int](repeating: 0, count: needle.count)
        var border = 0
        for i in 1..<needle.count {
            while border > 0, needle[i] != needle[border] { border = fallback[border - 1] }
            if needle[i] == needle[border] { border += 1 }
            fallback[i] = border
        }
        var matched = 0
        for byte in utf8 {
            while matched > 0, byte != needle[matched] { matched = fallback[matched - 1] }
            if byte == needle[matched] { matched += 1 }
            if matched == needle.count { return true }
        }
        return false
    }

    /// Orders strings by their scalars (UTF-8 byte order), a total order that agrees with ``isExactly(_:)``.
    package func precedesExactly(_ other: String) -> Bool {
        utf8.lexicographicallyPrecedes(other.utf8)
    }
}
