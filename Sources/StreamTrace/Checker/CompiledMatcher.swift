#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A query's matcher made ready, once, to test many values as they are
/// read: what any value it accepts must look like in its raw text is
/// checked first, and only a value that may be accepted is decoded and
/// compared as ``QueryMatcher/matches(_:)`` compares (same answers, fewer
/// values built).
///
/// - `==` and `contains`: a value of another kind than the operand (an
///   array may contain anything) cannot match; a string equal to a string
///   is no longer than its text and no shorter than a sixth of it (an
///   escape `\uXXXX` is six bytes for one); every string and literal of
///   the operand (`"name"`, `true`) is in the text of a value that
///   matches, byte for byte, unless the text writes a character as
///   `\uXXXX` or the piece holds a character a writer may escape
///   otherwise (a control character, `"`, `\`, `/`).
/// - `!=`: the same, for the values it rejects.
/// - `< <= > >=`: only a number can match.
///
/// A value that may match is compared as its text (``JSONPattern``) for
/// `==`, `!=` and `contains`, never built: a value of a million keys costs
/// its text and the offsets of its members. Only a number is built.
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
    /// Pieces every accepted text holds (see above), the longest (the
    /// likeliest to be missing) first.
    private let pieces: [Piece]

    private enum Operation {
        case equal, notEqual, contains, order
    }

    init(_ matcher: QueryMatcher) {
        self.matcher = matcher
        switch matcher {
        case .equal(let operand), .notEqual(let operand), .contains(let operand): pattern = JSONPattern(operand)
        default: pattern = nil
        }
        operation =
            switch matcher {
            case .equal: .equal
            case .notEqual: .notEqual
            case .contains: .contains
            case .less, .lessOrEqual, .greater, .greaterOrEqual: .order
            }
        var output = JSONOutput()
        output.write(matcher.operand)
        kind = output.buffer.first ?? 0
        if case .string(let text) = matcher.operand { string = Array(text.utf8) } else { string = nil }
        var pieces: [[UInt8]] = []
        Self.collectPieces(of: matcher.operand, into: &pieces)
        self.pieces = pieces.filter { piece in
            !piece.isEmpty && !piece.contains { $0 < 0x20 || Self.escapable.contains($0) }
        }.map(Piece.init).sorted { $0.bytes.count > $1.bytes.count }
    }

    /// Whether the value whose text is `bytes` matches. A value of another
    /// kind than the operand is decided by its first byte, inline: `==`,
    /// `contains` and the orders reject it, `!=` accepts it.
    @inline(__always)
    func matches(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if let first = Self.firstByte(bytes), !mayBeOfKind(first) { return operation == .notEqual }
        return matchesText(bytes)
    }

    /// Whether a value whose text starts with `first` may be of the
    /// operand's kind (an array may contain anything; numbers start with
    /// `-` or a digit either way).
    @inline(__always)
    private func mayBeOfKind(_ first: UInt8) -> Bool {
        first == kind || (operation == .contains && first == UInt8(ascii: "["))
            || (Self.isNumberStart(first) && Self.isNumberStart(kind))
    }

    private func matchesText(_ bytes: UnsafeRawBufferPointer) -> Bool {
        switch operation {
        case .equal: return mayEqual(bytes, containing: false) && decodedMatches(bytes)
        case .contains: return mayEqual(bytes, containing: true) && decodedMatches(bytes)
        case .notEqual: return !mayEqual(bytes, containing: false) || decodedMatches(bytes)
        case .order:
            guard let first = Self.firstByte(bytes), first == UInt8(ascii: "-") || (first &- 0x30) < 10 else {
                return false
            }
            return decodedMatches(bytes)
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

    /// Whether a value with this text may equal (or contain) the operand.
    private func mayEqual(_ bytes: UnsafeRawBufferPointer, containing: Bool) -> Bool {
        guard let first = Self.firstByte(bytes) else { return false }
        if first != kind, !(containing && first == UInt8(ascii: "[")) {
            // Numbers start with '-' or a digit either way.
            guard Self.isNumberStart(first), Self.isNumberStart(kind) else { return false }
        }
        if !containing, let string, first == UInt8(ascii: "\"") {
            let length = bytes.count - 2  // at least the text between the quotes
            if string.count > length || string.count * 6 < length - Self.surroundingSpace(bytes) { return false }
        }
        // A text that writes a character as `\uXXXX` may match without a piece: looked for only then.
        return pieces.allSatisfy { $0.isFound(in: bytes) } || Self.hasUnicodeEscape(bytes)
    }

    /// Characters a writer may escape other than with `\u`: `"`, `\`, `/`.
    private static var escapable: [UInt8] { [0x22, 0x5C, 0x2F] }

    private static func isNumberStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || (byte &- 0x30) < 10
    }

    @inline(__always)
    private static func firstByte(_ bytes: UnsafeRawBufferPointer) -> UInt8? {
        for byte in bytes where byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D { return byte }
        return nil
    }

    /// The white space before and after the value in its text.
    private static func surroundingSpace(_ bytes: UnsafeRawBufferPointer) -> Int {
        var count = 0
        for byte in bytes.reversed() {
            guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { break }
            count += 1
        }
        return count + bytes.prefix { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }.count
    }

    /// Whether the text writes some character as `\uXXXX`.
    private static func hasUnicodeEscape(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var offset = 0
        while offset < bytes.count, let found = memchr(base + offset, Int32(UInt8(ascii: "\\")), bytes.count - offset) {
            let at = base.distance(to: UnsafeRawPointer(found))
            guard at + 1 < bytes.count else { return false }
            if bytes[at + 1] == UInt8(ascii: "u") { return true }
            offset = at + 2
        }
        return false
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

/// A piece of text every value a ``CompiledMatcher`` accepts holds, looked
/// for by its rarest byte: `-` in `no-such-item`, not the `n` of every
/// `"name"` and `null` before it.
private struct Piece {
    let bytes: [UInt8]
    /// Where the byte looked for is in the piece.
    let anchor: Int

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        anchor = bytes.indices.max { Self.rarity(bytes[$0]) < Self.rarity(bytes[$1]) } ?? 0
    }

    /// How rarely a byte occurs in JSON text, roughly: its structure, spaces
    /// and digits least rarely, then lowercase letters by their frequency
    /// in English, then the rest.
    private static func rarity(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"):
            let order = Array("etaoinshrdlcumwfgypbvkjxqz".utf8)
            return 2 + (order.firstIndex(of: byte) ?? 0)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return 30
        case UInt8(ascii: "0")...UInt8(ascii: "9"), 0x20: return 1
        case 0x22, 0x2C, 0x3A, 0x5B, 0x5D, 0x7B, 0x7D: return 0
        case 0x80...: return 29
        default: return 31
        }
    }

    /// Whether the piece occurs in `text`.
    func isFound(in text: UnsafeRawBufferPointer) -> Bool {
        guard let base = text.baseAddress, bytes.count <= text.count else { return false }
        let target = Int32(bytes[anchor])
        // The anchor's places: a piece starting at 0 ... count - piece count.
        var offset = anchor
        let last = text.count - bytes.count + anchor
        return bytes.withUnsafeBytes { piece in
            while offset <= last, let found = memchr(base + offset, target, last - offset + 1) {
                let at = base.distance(to: UnsafeRawPointer(found))
                if memcmp(base + (at - anchor), piece.baseAddress!, piece.count) == 0 { return true }
                offset = at + 1
            }
            return false
        }
    }
}
