/// A value made of a run of elements (`elements`, `prefix N`, `next N`, `available`, `recording`'s elements) built as
/// they stream by: its text kept up to a limit (whole elements) and matched element by element, never held whole.
struct RunValue {
    /// The element index the run starts at.
    let start: Int
    /// The longest the run gets (`prefix N`, `next N`); `nil`: no end.
    let maximumLength: Int?
    /// How many bytes of element text it keeps (`nil`: all).
    let limit: Int?
    private(set) var length = 0
    /// The kept elements' texts, joined by commas.
    private(set) var kept: [UInt8] = []
    private(set) var keptCount = 0
    private var comparison: RunComparison?

    init(start: Int, maximumLength: Int?, limit: Int?, matcher: QueryMatcher?, isRecording: Bool) {
        self.start = start
        self.maximumLength = maximumLength
        self.limit = limit
        comparison = matcher.map { RunComparison($0, isRecording: isRecording) }
    }

    var isFull: Bool { maximumLength.map { length >= $0 } ?? false }

    /// Whether a later element still changes what the run shows or answers: not once it is full nor, for a run
    /// without an end or a matcher, once its kept text is.
    var wantsMore: Bool { !isFull && (comparison != nil || keptCount == length || maximumLength != nil) }

    mutating func take(_ bytes: UnsafeRawBufferPointer) {
        guard !isFull else { return }
        comparison?.take(bytes, at: length)
        if keptCount == length, limit.map({ kept.count + bytes.count + 1 <= $0 }) ?? true {
            if keptCount > 0 { kept.append(UInt8(ascii: ",")) }
            kept.append(contentsOf: bytes)
            keptCount += 1
        }
        length += 1
    }

    /// The value of the run's first `count` elements (a window may end before the run does) as a result holds it:
    /// whole, or the elements kept and where the rest is.
    func output(count: Int, completion: RawJSON?) -> QueryOutput {
        let text = count < keptCount ? Array(kept[..<Self.end(of: count, in: kept)]) : kept
        let value = PartialValue(
            elements: start..<(start + count), keptText: text, keptCount: keptCount, completion: completion)
        return keptCount >= count ? .whole(value.keptValue) : .partial(value)
    }

    /// Whether the matcher accepts the first `count` elements (with `completion`, for `recording`); true without one.
    func matches(count: Int, completion: JSONValue?) -> Bool {
        comparison?.matches(count: count, completion: completion) ?? true
    }

    /// Where the text of the first `count` elements of `text` (joined by commas) ends.
    private static func end(of count: Int, in text: [UInt8]) -> Int {
        text.withUnsafeBytes { raw in
            var parser = JSONParser(raw)
            var end = 0
            for _ in 0..<count {
                guard (try? parser.skipValue(depth: 1)) != nil else { break }
                end = parser.position
                parser.position += 1  // the comma
            }
            return end
        }
    }
}

/// A value a result holds: whole; if too long to keep, its first elements and where the rest is; or, for one element
/// over 64 KiB, its place in the pass's spool.
package enum QueryOutput: Sendable, Equatable {
    case whole(RawJSON)
    case partial(PartialValue)
    case placed(ValuePlace)
}

/// A run of elements a pass did not keep whole: the first of them (as many as fit in the pass's limit), and their
/// place in the trace, to read them again.
package struct PartialValue: Sendable, Equatable {
    /// The element indices the value holds, in the trace.
    package var elements: Range<Int>
    /// The kept elements' texts, joined by commas.
    package var keptText: [UInt8]
    package var keptCount: Int
    /// For `recording`: the completion, written after the elements.
    package var completion: RawJSON?

    /// The value as far as it was kept, as valid JSON: the kept elements (in a recording if it is one).
    package var keptValue: RawJSON {
        Self.wrap([UInt8(ascii: "[")] + keptText + [UInt8(ascii: "]")], completion: completion)
    }

    /// The start of the value's text, for a person: `[1,2,3,…`.
    package var text: String {
        String(decoding: textBytes, as: UTF8.self)
    }

    /// ``text`` as UTF-8 for reports, made without decoding the kept text (a mebibyte for `elements` on a long trace).
    package var textBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(keptText.count + 16)
        bytes += completion == nil ? Array("[".utf8) : Array(#"{"elements":["#.utf8)
        bytes += keptText
        bytes += keptCount > 0 ? Array(",…".utf8) : Array("…".utf8)
        return bytes
    }

    /// `array`, or `{"elements":array,"completion":completion}`.
    static func wrap(_ array: [UInt8], completion: RawJSON?) -> RawJSON {
        guard let completion else { return RawJSON(validated: array[...]) }
        var bytes = Array(#"{"elements":"#.utf8)
        bytes += array
        bytes += Array(#","completion":"#.utf8)
        bytes += completion.bytes
        bytes.append(UInt8(ascii: "}"))
        return RawJSON(validated: bytes[...])
    }
}
