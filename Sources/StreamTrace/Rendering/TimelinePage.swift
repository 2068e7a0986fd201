/// The HTML theme of `show`'s timeline: one self-contained page, one lane per stream, every event a mark. The page is
/// a template (its style and script, `streamtrace`'s own) whose ``placeholder`` is replaced by a data block written
/// while the traces are read:
///
///     line 1          {"format":2,"title":…,"alignment":…,"origin":…,"lanes":[{"stream",
///                      "file","status","clock","offset","events"}, …]}
///     1 line a lane   [kind, Δt, Δline, kind, Δt, Δline, …]  (kind: 0 value, 1 request,
///                      2 subscribe, 3 finished, 4 failure, 5 cancel; Δ from the previous event)
///     then            one line per event with a payload, lane after lane: the value, the
///                      demand, or {"error":{"type","message"},"value"} of a failure, as JSON
///
/// Values are written as read (compact), not re-encoded, so big numbers, key order and duplicate keys show as recorded;
/// all of it goes through ``HTMLSafeJSON``. Each part is written as its trace is read: no trace is held in memory.
package enum TimelinePage {
    /// What the template holds where the data goes.
    package static let placeholder = "@@STREAMTRACE_DATA@@"
    /// The data block's format version, which the template's script checks.
    package static let format = 2

    /// The template's text before and after the placeholder.
    package static func parts(of template: String) -> (head: Substring, tail: Substring)? {
        guard let slot = template.firstRange(of: placeholder) else { return nil }
        return (template[..<slot.lowerBound], template[slot.upperBound...])
    }

    /// The data block's first line: the title, the alignment, and each lane.
    package static func modelLine(title: String, lanes: [MergedTimeline.Lane], alignment: TraceAlignment) -> [UInt8] {
        let lanes = lanes.enumerated().map { index, lane -> JSONValue in
            [
                "stream": .string(lane.name), "file": .string(lane.file),
                "status": .string(lane.summary.status.rawValue),
                "clock": lane.summary.header.clock.map(JSONValue.string) ?? .null,
                "offset": .number(JSONNumber(alignment.offsets[index])),
                "events": .number(JSONNumber(lane.summary.eventCount)),
            ]
        }
        let model: JSONValue = [
            "format": .number(JSONNumber(format)), "title": .string(title),
            "alignment": .string(alignment.basis.rawValue), "origin": alignment.origin.map(JSONValue.string) ?? .null,
            "lanes": .array(lanes),
        ]
        var line: [UInt8] = []
        HTMLSafeJSON.append(Array(model.jsonText.utf8), to: &line)
        return line
    }

    /// Writes a newline and the trace's columns line (kinds, times and lines, delta-encoded), in chunks to `emit`.
    package static func writeColumns(of reader: TraceReader, to emit: ([UInt8]) throws -> Void) throws {
        var line = JSONOutput(capacity: 1 << 16)
        line.append("\n[")
        var previous: (t: Int64, line: Int) = (0, 0)
        var first = true
        while let head = try reader.nextHead() {
            if !first { line.append(UInt8(ascii: ",")) }
            first = false
            line.append(UInt8(ascii: "0") + UInt8(kindCodes.firstIndex(of: head.kind)!))
            line.append(UInt8(ascii: ","))
            line.write(int: head.nanoseconds &- previous.t)
            line.append(UInt8(ascii: ","))
            line.write(int: Int64(head.line - previous.line))
            previous = (head.nanoseconds, head.line)
            if line.bytes.count >= 1 << 16 {
                try emit(line.bytes)
                line.removeAll()
            }
        }
        line.append(UInt8(ascii: "]"))
        try emit(line.bytes)
    }

    /// Writes, each after a newline, the payload of every event of the trace that has one, in chunks to `emit`.
    package static func writePayloads(of reader: TraceReader, to emit: ([UInt8]) throws -> Void) throws {
        var chunk: [UInt8] = []
        chunk.reserveCapacity(1 << 16)
        var json = JSONOutput()
        while let head = try reader.nextHead() {
            // Escaped as all JSON output is (C1 and bidi controls, separators), then made HTML-safe.
            json.removeAll()
            guard ChromeTrace.writePayload(of: head, reader: reader, into: &json, asMembers: false) else { continue }
            chunk.append(0x0A)
            HTMLSafeJSON.append(json.bytes, to: &chunk)
            if chunk.count >= 1 << 16 {
                try emit(chunk)
                chunk.removeAll(keepingCapacity: true)
            }
        }
        if !chunk.isEmpty { try emit(chunk) }
    }

    /// The kinds in the order of their codes in the columns line.
    static let kindCodes: [EventKind] = [.value, .request, .subscribe, .finished, .failure, .cancel]
}
