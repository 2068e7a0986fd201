/// A JSON value compared with values read as text, without building them: equality by canonical form (see
/// ``CanonicalJSON``; the pattern's is worked out once), and ``JSONValue/contains(_:)``'s rule by a walk over the
/// text's members. A value of a million keys costs its text and its members' offsets, never a tree.
package struct JSONPattern: Sendable {
    package let value: JSONValue
    private let canonical: CanonicalJSON

    package init(_ value: JSONValue) {
        self.value = value
        canonical = CanonicalJSON(value)
    }

    /// Whether the value whose validated text is `text` is JSON-equal to the pattern.
    package func equals(text: UnsafeRawBufferPointer) -> Bool {
        var rewriter = JSONRewriter()
        return rewriter.canonical(text) == canonical
    }

    /// Whether the value whose validated text is `bytes` contains the pattern (``JSONValue/contains(_:)``).
    package func isContained(inText bytes: UnsafeRawBufferPointer) -> Bool {
        var rewriter = JSONRewriter()
        let start = ValidatedJSON.skipSpace(bytes, from: 0)
        guard start < bytes.count else { return false }
        switch (bytes[start], value) {
        case (UInt8(ascii: "["), _):
            var found = false
            Self.forEachMember(of: bytes, at: start) { _, element in
                found = rewriter.canonical(UnsafeRawBufferPointer(rebasing: bytes[element])) == canonical
                return !found
            }
            return found || rewriter.canonical(bytes) == canonical
        case (UInt8(ascii: "\""), .string(let part)):
            let text = RawJSONString(at: start, in: bytes).withScalars(in: bytes) {
                String(decoding: $0, as: UTF8.self)
            }
            return text.containsExactly(part)
        case (UInt8(ascii: "{"), .object(let subset)):
            return Self.holds(bytes, subset, rewriter: &rewriter)
        default:
            return rewriter.canonical(bytes) == canonical
        }
    }

    /// Whether the object starting `bytes` holds each key of `subset` with an equal value (nested objects alike).
    private static func holds(
        _ bytes: UnsafeRawBufferPointer, _ subset: JSONObject, rewriter: inout JSONRewriter
    ) -> Bool {
        var pending = [(ValidatedJSON.skipSpace(bytes, from: 0), subset)]
        while let (start, subset) = pending.popLast() {
            let names = subset.entries.map(\.key)
            let keys = KeyPositions(names)
            // The last member of each key the subset names, as the parser keeps it.
            var found = [Range<Int>?](repeating: nil, count: subset.count)
            forEachMember(of: bytes, at: start) { key, member in
                guard let key else { return true }
                let index = keys.index(hash: key.hash(in: bytes)) { i in
                    key.withScalars(in: bytes) { subset[i].key.utf8.elementsEqual($0) }
                }
                if let index { found[index] = member }
                return true
            }
            for (i, entry) in subset.enumerated() {
                // A key the subset repeats is found at its first place.
                guard let member = found[keys.index(of: entry.key, in: names) ?? i] else { return false }
                if case .object(let nested) = entry.value, bytes[member.lowerBound] == UInt8(ascii: "{") {
                    pending.append((member.lowerBound, nested))
                } else if rewriter.canonical(UnsafeRawBufferPointer(rebasing: bytes[member]))
                    != CanonicalJSON(entry.value)
                {
                    return false
                }
            }
        }
        return true
    }

    /// Calls `body` with each member (and key, in an object) of the container at `start` until it returns `false`.
    private static func forEachMember(
        of bytes: UnsafeRawBufferPointer, at start: Int, _ body: (RawJSONString?, Range<Int>) -> Bool
    ) {
        let isObject = bytes[start] == UInt8(ascii: "{")
        var parser = JSONParser(bytes)
        var p = ValidatedJSON.skipSpace(bytes, from: start + 1)
        while p < bytes.count, bytes[p] != UInt8(ascii: "}"), bytes[p] != UInt8(ascii: "]") {
            var key: RawJSONString?
            if isObject {
                key = RawJSONString(at: p, in: bytes)
                p = ValidatedJSON.skipSpace(bytes, from: ValidatedJSON.skipSpace(bytes, from: key?.end ?? p) + 1)
            }
            parser.position = p
            // Validated text: the value is whole.
            guard (try? parser.skipValue()) != nil else { return }
            guard body(key, p..<parser.position) else { return }
            p = ValidatedJSON.skipSpace(bytes, from: parser.position)
            if p < bytes.count, bytes[p] == UInt8(ascii: ",") { p = ValidatedJSON.skipSpace(bytes, from: p + 1) }
        }
    }
}
