/// Writes validated JSON text again, straight from its bytes and without building the value, in one of two forms:
/// time linear in the text's size, memory for the offsets of object members (see ``JSONMemberOrder``).
///
/// - The **normal form** is what ``JSONValue``'s parser and ``JSONOutput`` make of the text: compact, a repeated key
///   in its first place with its last value, strings as ``JSONOutput`` writes them, numbers as written. Text already
///   in it (what StreamTrace writes) is copied as it is.
/// - The **canonical form** is ``CanonicalJSON``'s: keys sorted, numbers as digits and exponent.
///
/// A rewriter keeps its scratch space between texts: keep one for a whole trace.
package struct JSONRewriter {
    private enum Frame {
        case inPlace(closer: UInt8)
        case moved(JSONMemberOrder.Reordered, next: Int)
    }

    private var memberOrder = JSONMemberOrder()
    private var frames: [Frame] = []
    /// Whether the last text scanned for normal form is in it.
    private var lastIsNormal = false

    package init() {}

    /// Appends `bytes` (one validated JSON value) in normal form, copying them if already normal. Stops once
    /// `output` holds `limit` bytes or more (a string may go past) and returns whether the whole value was written.
    /// `scanned`: the last call scanned these very bytes (``isNormal(_:scanned:)``), so the scan is skipped. `drain` may
    /// take (and empty) the output from time to time, so that a huge value goes out in pieces.
    @discardableResult
    package mutating func writeNormal(
        _ bytes: UnsafeRawBufferPointer, into output: inout JSONOutput, limit: Int = .max, scanned: Bool = false,
        drain: (inout JSONOutput) -> Void = { _ in }
    ) -> Bool {
        guard !isNormal(bytes, scanned: scanned) else {
            var start = 0
            while start < bytes.count, output.buffer.count < limit {
                let end = start + min(bytes.count - start, Self.drainSize, limit - output.buffer.count)
                output.append(raw: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                start = end
                if output.buffer.count >= Self.drainSize { drain(&output) }
            }
            return start == bytes.count
        }
        return write(bytes, into: &output, limit: limit, drain: drain)
    }

    /// Whether `bytes` (one validated JSON value) are in normal form: the quick check, then the scan; if `scanned`,
    /// the last call's answer.
    package mutating func isNormal(_ bytes: UnsafeRawBufferPointer, scanned: Bool = false) -> Bool {
        guard !scanned else { return lastIsNormal }
        lastIsNormal = NormalFormCheck.isSurelyNormal(bytes)
        if !lastIsNormal {
            memberOrder.scan(bytes, order: .firstPlace)
            lastIsNormal = memberOrder.isNormal
        }
        return lastIsNormal
    }

    /// What `Hasher` makes of the normal form of `bytes` fed in one call, and its byte count, worked out a chunk at
    /// a time as the form is written. `scanned` as for ``writeNormal(_:into:limit:scanned:drain:)``.
    package mutating func hashNormal(_ bytes: UnsafeRawBufferPointer, scanned: Bool = false) -> (hash: Int, count: Int)
    {
        var hasher = Hasher()
        var output = JSONOutput(capacity: min(bytes.count, Self.drainSize) + 64)
        var count = 0
        func drain(_ output: inout JSONOutput) {
            output.buffer.withUnsafeBytes { hasher.combine(bytes: $0) }
            count += output.buffer.count
            output.removeAll()
        }
        writeNormal(bytes, into: &output, scanned: scanned, drain: drain)
        drain(&output)
        return (hasher.finalize(), count)
    }

    /// The canonical form of `bytes` (one validated JSON value); a long one is digested as it is written.
    package mutating func canonical(_ bytes: UnsafeRawBufferPointer) -> CanonicalJSON {
        lastIsNormal = false
        memberOrder.scan(bytes, order: .sorted)
        var output = JSONOutput(capacity: min(bytes.count * 2, Self.drainSize) + 64)
        var digest = CompactBytes.Digest()
        write(bytes, canonicalNumbers: true, into: &output) { output in
            output.buffer.withUnsafeBytes { digest.add($0) }
            output.removeAll()
        }
        return CanonicalJSON(form: output.buffer.withUnsafeBytes { CompactBytes($0, after: digest) })
    }

    /// Writes the value of `bytes`, the members of the objects ``memberOrder`` found in their new order.
    @discardableResult
    private mutating func write(
        _ bytes: UnsafeRawBufferPointer, canonicalNumbers: Bool = false, into output: inout JSONOutput,
        limit: Int = .max,
        drain: (inout JSONOutput) -> Void = { _ in }
    ) -> Bool {
        frames.removeAll(keepingCapacity: true)
        let count = bytes.count
        var p = 0
        value: while true {
            if output.buffer.count >= limit { return false }
            if output.buffer.count >= Self.drainSize { drain(&output) }
            p = ValidatedJSON.skipSpace(bytes, from: p)
            guard p < count else { return false }
            let byte = bytes[p]
            if byte == UInt8(ascii: "{"), !memberOrder.reordered.isEmpty, let moved = memberOrder.reordered[p] {
                output.append(byte)
                frames.append(.moved(moved, next: 0))
                p = Self.writeKey(bytes, at: Int(moved.members[0]), into: &output)
                continue value
            }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                let closer = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                output.append(byte)
                p = ValidatedJSON.skipSpace(bytes, from: p + 1)
                if p < count, bytes[p] == closer {
                    output.append(closer)
                    p += 1
                } else {
                    frames.append(.inPlace(closer: closer))
                    if closer == UInt8(ascii: "}") { p = Self.writeKey(bytes, at: p, into: &output) }
                    continue value
                }
            } else {
                p = Self.writeScalar(bytes, at: p, canonicalNumbers: canonicalNumbers, into: &output)
            }
            // A whole value: the containers it completes close.
            while let top = frames.last {
                switch top {
                case .inPlace(let closer):
                    p = ValidatedJSON.skipSpace(bytes, from: p)
                    guard p < count else { return false }
                    if bytes[p] == UInt8(ascii: ",") {
                        output.append(UInt8(ascii: ","))
                        p = closer == UInt8(ascii: "}") ? Self.writeKey(bytes, at: p + 1, into: &output) : p + 1
                        continue value
                    }
                    output.append(closer)
                    p += 1
                case .moved(let moved, let next):
                    if next + 1 < moved.members.count {
                        frames[frames.count - 1] = .moved(moved, next: next + 1)
                        output.append(UInt8(ascii: ","))
                        p = Self.writeKey(bytes, at: Int(moved.members[next + 1]), into: &output)
                        continue value
                    }
                    output.append(UInt8(ascii: "}"))
                    p = moved.end
                }
                frames.removeLast()
            }
            return true
        }
    }

    /// How much output gathers before `drain` takes it.
    static let drainSize = 1 << 16

    /// Writes the key at `start` (after white space) and its colon; returns the offset after the colon.
    private static func writeKey(_ bytes: UnsafeRawBufferPointer, at start: Int, into output: inout JSONOutput) -> Int {
        let p = writeScalar(bytes, at: ValidatedJSON.skipSpace(bytes, from: start), into: &output)
        output.append(UInt8(ascii: ":"))
        return ValidatedJSON.skipSpace(bytes, from: p) + 1
    }

    /// Writes the string, number or literal at `p`; the offset after it.
    private static func writeScalar(
        _ bytes: UnsafeRawBufferPointer, at p: Int, canonicalNumbers: Bool = false, into output: inout JSONOutput
    ) -> Int {
        guard p < bytes.count else { return p + 1 }
        switch bytes[p] {
        case UInt8(ascii: "\""):
            // As ``JSONOutput`` writes the string's scalars.
            let string = RawJSONString(at: p, in: bytes)
            output.append(UInt8(ascii: "\""))
            string.withScalars(in: bytes) { scalars in
                scalars.withMemoryRebound(to: UInt8.self) { output.appendEscaping($0, insideString: true) }
            }
            output.append(UInt8(ascii: "\""))
            return string.end
        default:
            let end = min(ValidatedJSON.scalarEnd(bytes, at: p), bytes.count)
            let text = UnsafeRawBufferPointer(rebasing: bytes[p..<end])
            // A number starts with `-` or a digit, a literal with a letter.
            if canonicalNumbers, bytes[p] <= UInt8(ascii: "9") {
                JSONNumber.writeCanonical(text, into: &output)
            } else {
                output.append(raw: text)
            }
            return end
        }
    }
}
