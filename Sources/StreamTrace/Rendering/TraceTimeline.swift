/// A trace laid out for a person, one piece at a time, as `show` prints it while reading: summary lines, a row per
/// event, and a marble diagram. Every line fits in ``width`` columns; trace text is escaped (``TerminalText``).
package struct TraceTimeline: Sendable {
    package let summary: TraceSummary
    package let width: Int

    package init(summary: TraceSummary, width: Int) {
        self.summary = summary
        self.width = max(width, 1)
    }

    /// The stream's end, in words: `finished`, `failed (URLError: timed out)`, `open`, `cancelled`, `truncated (…)`.
    package var statusText: String {
        switch summary.status {
        case .failed: summary.failure.map { "failed (\($0))" } ?? "failed"
        case .truncated: "truncated (the last line was cut off; the trace is open)"
        default: summary.status.rawValue
        }
    }

    package var summaryLines: [String] { headerLines + outcomeLines }

    package var headerLines: [String] {
        var lines: [String] = []
        if let stream = summary.header.stream { lines.append("stream:    \(TerminalText.escaped(stream))") }
        lines.append("clock:     \(TerminalText.escaped(summary.header.clock ?? "unknown"))")
        if let started = summary.header.started { lines.append("started:   \(TerminalText.escaped(started))") }
        return lines.map { TextLayout.truncated($0, to: width) }
    }

    package var outcomeLines: [String] {
        [
            "status:    \(statusText)", "elements:  \(summary.elementCount)",
            "duration:  \(TimeFormat.short(summary.duration))",
        ].map { TextLayout.truncated($0, to: width) }
    }

    package var headerRow: String { Self.row(Self.lead("t", "Δt", kind: "event"), payload: "value", width: width) }

    /// One event's row: time since start, time since the previous event, kind, and payload.
    package func row(_ event: TraceEvent, previousTime: Int64) -> String {
        let lead = Self.lead(event.nanoseconds, since: previousTime, kind: event.event.kind)
        return Self.row(lead, payload: Self.payload(of: event), width: width)
    }

    /// The same row for an event read with ``TraceReader/nextHead()``, its value (if any) as its validated text: a
    /// huge value is not built, only as much of it as the row shows is written.
    package func row(
        _ head: TraceEventHead, value: UnsafeRawBufferPointer?, previousTime: Int64, rewriter: inout JSONRewriter
    ) -> String {
        let lead = Self.lead(head.nanoseconds, since: previousTime, kind: head.kind)
        if head.kind == .value, let value {
            return ValueText.truncated(lead: lead + "  ", json: value, to: width, rewriter: &rewriter)
        }
        let payload =
            switch head.kind {
            case .request: "demand \(head.demand ?? .unlimited)"
            case .failure: (head.failure ?? TraceFailure(type: "", message: "")).description
            default: ""
            }
        return Self.row(lead, payload: payload, width: width)
    }

    /// A row's columns before its payload: time, time since the previous row, the stream (of several), kind.
    static func lead(_ nanoseconds: Int64, since previous: Int64, stream: String? = nil, kind: EventKind) -> String {
        let time = "+" + TimeFormat.short(nanoseconds)
        return lead(time, "+" + TimeFormat.short(nanoseconds &- previous), stream: stream, kind: kind.rawValue)
    }

    /// The columns before a payload, or their titles: two times right-aligned in 10, the stream, the kind in 9.
    static func lead(_ time: String, _ delta: String, stream: String? = nil, kind: String) -> String {
        let times = [time, delta].map { TextLayout.padded($0, to: 10, alignment: .right) }
        return times.joined(separator: "  ") + "  " + (stream.map { $0 + "  " } ?? "") + TextLayout.padded(kind, to: 9)
    }

    /// A row: its lead, then two spaces and the payload if it has one, cut to `width`.
    static func row(_ lead: String, payload: String, width: Int) -> String {
        var row = payload.isEmpty ? lead : lead + "  " + payload
        while payload.isEmpty, row.last == " " { row.removeLast() }
        return TextLayout.truncated(row, to: width)
    }

    /// What a row shows of an event, escaped: the value, the demand or the error; nothing for the other kinds.
    package static func payload(of event: TraceEvent) -> String {
        switch event.event {
        case .value(let value): TerminalText.escaped(value.jsonText)
        case .request(let demand): "demand \(demand)"
        case .failure(let failure): failure.description
        default: ""
        }
    }

    /// The widest a diagram is drawn, on however wide a terminal.
    package static let diagramLimit = 72

    package var diagramWidth: Int { min(width, Self.diagramLimit) }

    /// A marble line to feed the trace's events, ``diagramWidth`` columns wide.
    package func makeMarble() -> MarbleLines<MarbleValueKey> {
        MarbleLines(scale: .columns(start: summary.firstTime, end: summary.lastTime, width: diagramWidth))
    }

    /// The diagram, then its legend (each letter's value, what the other symbols mean), as many to a line as fit.
    package func diagramLines(_ marble: MarbleLines<MarbleValueKey>) -> [String] {
        let drawing = marble.drawing()
        return drawing.lines + TextLayout.packed(drawing.legend, to: width)
    }
}

/// `show`'s rows written as bytes, so that a trace of millions of events is shown at the speed it is read.
extension TraceTimeline {
    /// Appends the row ``row(_:value:previousTime:rewriter:)`` makes, byte for byte, to `out` where its characters
    /// can be measured one scalar at a time as far as the width shows (printable ASCII and most letters; see
    /// ``aloneWidth(_:)``), and returns `nil`; otherwise appends nothing and returns the row as that `String`.
    package func appendRow(
        _ head: TraceEventHead, value: UnsafeRawBufferPointer?, previousTime: Int64, rewriter: inout JSONRewriter,
        into out: inout JSONOutput
    ) -> String? {
        let start = out.buffer.count
        // Enough for the width, four bytes a character at most.
        let limit = 4 * width + 8
        // A short value in normal form is copied with the head, in one piece.
        let short = head.kind == .value && (value?.count ?? 0) <= Self.shortValue
        if short, let value, rewriter.isNormal(value) {
            let whole = Self.appendHead(head, previousTime: previousTime, value: value, limit: limit, into: &out)
            return cutAsBytes(&out, from: start, whole: whole)
                ? nil : row(head, value: value, previousTime: previousTime, rewriter: &rewriter)
        }
        Self.appendHead(head, previousTime: previousTime, into: &out)
        var whole = true
        switch head.kind {
        case .value:
            if let value { whole = rewriter.writeNormal(value, into: &out, limit: start + limit, scanned: short) }
        case .request:
            out.append("demand ")
            if case .max(let n) = head.demand ?? .unlimited {
                out.write(int: Int64(n))
            } else {
                out.append("unlimited")
            }
        case .failure:
            out.append(raw: (head.failure ?? TraceFailure(type: "", message: "")).description.utf8)
        default:
            break
        }
        return cutAsBytes(&out, from: start, whole: whole)
            ? nil : row(head, value: value, previousTime: previousTime, rewriter: &rewriter)
    }

    /// Values up to this long are copied with their row's head at once.
    static let shortValue = 512

    /// Cuts the row that starts at `start` to ``width`` columns as `TextLayout.truncated` would, where that can be told
    /// scalar by scalar: every character up to the cut is a printable ASCII byte or a scalar that stands alone (see
    /// ``aloneWidth(_:)``). `false`, taking the row out again, otherwise or if the bytes run out (the row is not
    /// `whole`) before the cut is decided.
    private func cutAsBytes(_ out: inout JSONOutput, from start: Int, whole: Bool) -> Bool {
        let cut = out.buffer.withUnsafeBufferPointer { Self.cutPosition($0, from: start, width: width) }
        guard let cut, cut >= 0 || whole else {
            out.truncate(to: start)
            return false
        }
        if cut >= 0 {
            out.truncate(to: cut)
            out.append("…")
        }
        return true
    }

    /// Where ``cutAsBytes(_:from:whole:)`` cuts the row at `start` (for `…`); -1 if it fits, `nil` if unknown.
    private static func cutPosition(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, width: Int) -> Int? {
        var (used, cut, i) = (0, start, start)
        let count = bytes.count
        while i < count {
            // Printable ASCII while the cut is still `width` columns or more away.
            while i + 8 <= count, used + 9 <= width {
                let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self))
                let ones: UInt64 = 0x0101_0101_0101_0101
                // A byte below 0x20, DEL, or from 0x80 on.
                let odd = ((word &- ones &* 0x20) | (word &+ ones) | word) & 0x8080_8080_8080_8080
                guard odd == 0 else { break }
                (used, i) = (used + 8, i + 8)
                if used <= width - 1 { cut = i }
            }
            guard i < count else { break }
            let byte = bytes[i]
            var (columns, length) = (1, 1)
            if byte >= 0x80 || byte < 0x20 || byte == 0x7F {
                guard let (scalar, size) = scalar(in: bytes, at: i), let width = aloneWidth(scalar) else {
                    return nil
                }
                (columns, length) = (width, size)
            }
            if used + columns > width { return cut }
            used += columns
            i += length
            if used <= width - 1 { cut = i }
        }
        return -1
    }

    /// The scalar whose UTF-8 sequence starts at `i`, and its length; `nil` for a control or a sequence cut short.
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[i]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0
        guard length > 0, i + length <= bytes.count else { return nil }
        var value = UInt32(lead) & (0x7F >> length)
        for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
        return Unicode.Scalar(value).map { ($0, length) }
    }

    /// The columns a scalar takes if it is a grapheme of its own beside any other such scalar or printable ASCII: 1 for
    /// Latin, Greek and Cyrillic letters and signs and general punctuation, 2 for kana, CJK ideographs and Hangul
    /// syllables, pictographs per ``TerminalText/width(of:)``; `nil` if it may join its neighbours or be escaped.
    static func aloneWidth(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 0xA0...0x2FF: scalar.value == 0xAD ? nil : 1  // a soft hyphen is a format character
        case 0x370...0x482, 0x2010...0x2027, 0x2030...0x205E: 1
        case 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF, 0xAC00...0xD7A3: 2
        case 0x1F300...0x1F3FA, 0x1F400...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF:
            TerminalText.width(of: Character(scalar))
        default: nil
        }
    }

    /// Appends a row's head in one piece: both times after a `+`, right-aligned in 10 columns and two spaces apart,
    /// then the kind, padded to 9 columns plus two spaces when a payload follows; then as much of `value` (normal-form
    /// text), if given, as keeps the row within `limit` bytes. Returns whether it all went.
    @discardableResult
    private static func appendHead(
        _ head: TraceEventHead, previousTime: Int64, value: UnsafeRawBufferPointer = .init(start: nil, count: 0),
        limit: Int = 0, into out: inout JSONOutput
    ) -> Bool {
        let kind = Self.name(of: head.kind)
        let capacity = 2 * (TimeFormat.shortCapacity + 13) + 16
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity + value.count) { text in
            let row = text.baseAddress!
            var count = writePadded(head.nanoseconds, to: row, width: 10)
            count += writePadded(head.nanoseconds - previousTime, to: row + count, width: 10)
            (row + count).initialize(from: kind.utf8Start, count: kind.utf8CodeUnitCount)
            count += kind.utf8CodeUnitCount
            switch head.kind {
            case .value, .request, .failure:
                let end = count + max(9 - kind.utf8CodeUnitCount, 0) + 2
                (row + count).initialize(repeating: UInt8(ascii: " "), count: end - count)
                count = end
            default: break
            }
            let copied = min(value.count, max(limit - count, 0))
            if let bytes = value.baseAddress, copied > 0 {
                UnsafeMutableRawPointer(row + count).copyMemory(from: bytes, byteCount: copied)
                count += copied
            }
            out.append(raw: UnsafeBufferPointer(start: row, count: count))
            return copied == value.count
        }
    }

    /// The kind's raw value, without a `String` on the way (at most 9 bytes).
    private static func name(of kind: EventKind) -> StaticString {
        switch kind {
        case .subscribe: "subscribe"
        case .request: "request"
        case .value: "value"
        case .finished: "finished"
        case .failure: "failure"
        case .cancel: "cancel"
        }
    }

    /// Writes `+` and ``TimeFormat/short(_:)``'s text right-aligned in `width` columns (a longer text is not cut),
    /// then two spaces; returns the bytes written (at most ``TimeFormat/shortCapacity`` + 3 + `width`).
    private static func writePadded(
        _ nanoseconds: Int64, to destination: UnsafeMutablePointer<UInt8>, width: Int
    ) -> Int {
        // The text first, where it would stand unpadded; moved right if short.
        destination[0] = UInt8(ascii: "+")
        let length = 1 + TimeFormat.writeShort(nanoseconds, to: destination + 1)
        let padding = max(width - length, 0)
        if padding > 0 {
            (destination + padding).moveInitialize(from: destination, count: length)
            destination.initialize(repeating: UInt8(ascii: " "), count: padding)
        }
        (destination + padding + length).initialize(repeating: UInt8(ascii: " "), count: 2)
        return padding + length + 2
    }
}
