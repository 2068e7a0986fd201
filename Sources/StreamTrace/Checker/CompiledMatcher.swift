#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A query's matcher made ready, once, to test many values as they are read: what any value it accepts must look
/// like in its raw text is checked first, and only a value that may be accepted is compared (with the answers of
/// ``QueryMatcher/matches(_:)``): as its text (``JSONPattern``) for `==`, `!=` and `contains`, built only if a number.
///
/// - `==` and `contains`: a value of another kind than the operand cannot match (an array may contain anything); a
///   string equal to a string is no longer than its text and no shorter than a sixth of it (`\uXXXX` is six bytes
///   for one); every string and literal of the operand is in a matching value's text, byte for byte, unless the text
///   writes a character as `\uXXXX` or the piece holds one a writer may escape otherwise (a control, `"`, `\`, `/`).
/// - `!=`: the same, for the values it rejects.
/// - `< <= > >=`: only a number can match.
final class CompiledMatcher {
    let matcher: QueryMatcher
    /// The matcher's operation, read once (not its operand) for each value.
    private let operation: Operation
    /// The operand, for `==`, `!=` and `contains`.
    private let pattern: JSONPattern?
    /// The first byte of the operand's text (its kind): `"`, `{`, `[`, …
    private let kind: UInt8
    /// The operand's string when it is one, as UTF-8.
    private let string: [UInt8]?
    /// Pieces every accepted text holds (see above), the longest (the likeliest to be missing) first.
    private let pieces: MatcherPieces

    private enum Operation {
        case equal, notEqual, contains, order
    }

    init(_ matcher: QueryMatcher) {
        self.matcher = matcher
        switch matcher {
        case .equal(let operand): (operation, pattern) = (.equal, JSONPattern(operand))
        case .notEqual(let operand): (operation, pattern) = (.notEqual, JSONPattern(operand))
        case .contains(let operand): (operation, pattern) = (.contains, JSONPattern(operand))
        case .less, .lessOrEqual, .greater, .greaterOrEqual: (operation, pattern) = (.order, nil)
        }
        kind = matcher.operand.jsonText.utf8.first ?? 0
        if case .string(let text) = matcher.operand { string = Array(text.utf8) } else { string = nil }
        var pieces: [[UInt8]] = []
        Self.collectPieces(of: matcher.operand, into: &pieces)
        self.pieces = MatcherPieces(
            pieces.filter { piece in
                !piece.isEmpty && !piece.contains { $0 < 0x20 || Self.escapable.contains($0) }
            }.sorted { $0.count > $1.count })
    }

    /// Whether a value whose text lies within `text` (a block's lines, say) may match: `false` only for `==` and
    /// `contains` when a piece every matching text holds is nowhere in `text`, nor a `\u` escape that could write one.
    func mayMatch(within text: UnsafeRawBufferPointer) -> Bool {
        switch operation {
        case .equal, .contains: pieces.mayAllBeFound(in: text)
        case .notEqual, .order: true
        }
    }

    /// The position of the first of the first `limit` events of `batch` that is a value, of index `firstIndex` or
    /// more (the values before the batch numbered `elementsBefore`), this matcher matches (`accepting`) or does not;
    /// `limit` if none.
    func firstDecision(
        in batch: EventBatch, upTo limit: Int, elementsBefore: Int, firstIndex: Int, accepting: Bool
    ) -> Int {
        batch.firstValue(upTo: limit, elementsBefore: elementsBefore, firstIndex: firstIndex) {
            matches($0) == accepting
        }
    }

    /// Whether the value whose text is `bytes` matches. One of another kind than the operand is decided by its first
    /// byte, inline: `==`, `contains` and the orders reject it, `!=` accepts it (and a text of white space only).
    func matches(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let first = bytes.first(where: { !Self.isSpace($0) }), mayBeOfKind(first) else {
            return operation == .notEqual
        }
        return matchesText(bytes, first: first)
    }

    /// Whether a value whose text starts with `first` may be of the operand's kind (an array may contain anything;
    /// numbers start with `-` or a digit either way).
    private func mayBeOfKind(_ first: UInt8) -> Bool {
        first == kind || (operation == .contains && first == UInt8(ascii: "["))
            || (Self.isNumberStart(first) && Self.isNumberStart(kind))
    }

    /// Whether a value of the operand's kind (``mayBeOfKind(_:)``), whose text starts with `first`, matches.
    private func matchesText(_ bytes: UnsafeRawBufferPointer, first: UInt8) -> Bool {
        switch operation {
        case .equal: return mayEqual(bytes, first: first) && decodedMatches(bytes)
        case .contains: return pieces.mayAllBeFound(in: bytes) && decodedMatches(bytes)
        case .notEqual: return !mayEqual(bytes, first: first) || decodedMatches(bytes)
        case .order: return Self.isNumberStart(first) && decodedMatches(bytes)
        }
    }

    private func decodedMatches(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if let pattern {
            switch matcher {
            case .equal: return pattern.equals(text: bytes)
            case .notEqual: return !pattern.equals(text: bytes)
            default: return pattern.isContained(inText: bytes)
            }
        }
        var parser = JSONParser(bytes)
        guard let value = try? parser.parseValue() else { return false }
        return matcher.matches(value)
    }

    /// Whether a value of the operand's kind with this text, starting with `first`, may equal the operand.
    private func mayEqual(_ bytes: UnsafeRawBufferPointer, first: UInt8) -> Bool {
        if let string, first == UInt8(ascii: "\"") {
            let length = bytes.count - 2  // at least the text between the quotes
            if string.count > length || string.count * 6 < length - Self.surroundingSpace(bytes) { return false }
        }
        return pieces.mayAllBeFound(in: bytes)
    }

    /// Characters a writer may escape other than with `\u`: `"`, `\`, `/`.
    private static var escapable: [UInt8] { [0x22, 0x5C, 0x2F] }

    private static func isNumberStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || (byte &- 0x30) < 10
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func surroundingSpace(_ bytes: UnsafeRawBufferPointer) -> Int {
        bytes.prefix(while: isSpace).count + bytes.reversed().prefix(while: isSpace).count
    }

    /// The strings (keys too) and literals of `value`, as UTF-8.
    private static func collectPieces(of value: JSONValue, into pieces: inout [[UInt8]]) {
        var pending = [value]
        while let next = pending.popLast() {
            switch next {
            case .null: pieces.append(Array("null".utf8))
            case .bool(let flag): pieces.append(Array((flag ? "true" : "false").utf8))
            case .number: break
            case .string(let text): pieces.append(Array(text.utf8))
            case .array(let elements): pending += elements
            case .object(let object):
                for entry in object {
                    pieces.append(Array(entry.key.utf8))
                    pending.append(entry.value)
                }
            }
        }
    }
}

/// The search for a piece with libc's `memchr` and `memcmp`, where no SIMD pass is (``MatcherPiece/mayBeFound(in:)``).
extension MatcherPiece {
    func isFound(in text: UnsafeRawBufferPointer) -> Bool {
        guard let base = text.baseAddress, let piece = bytes.baseAddress, bytes.count <= text.count else {
            return bytes.isEmpty
        }
        let target = Int32(bytes[anchor])
        // The anchor's places: a piece starting at 0 ... count - piece count.
        var offset = anchor
        let last = text.count - bytes.count + anchor
        while offset <= last, let found = memchr(base + offset, target, last - offset + 1) {
            let at = base.distance(to: UnsafeRawPointer(found))
            if memcmp(base + (at - anchor), piece, bytes.count) == 0 { return true }
            offset = at + 1
        }
        return false
    }

    static func hasUnicodeEscape(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var offset = 0
        while offset < bytes.count, let found = memchr(base + offset, Int32(UInt8(ascii: "\\")), bytes.count - offset) {
            let at = base.distance(to: UnsafeRawPointer(found))
            guard at + 1 < bytes.count else { return false }
            if bytes[at + 1] == UInt8(ascii: "u") { return true }
            offset = at + 1
        }
        return false
    }
}
