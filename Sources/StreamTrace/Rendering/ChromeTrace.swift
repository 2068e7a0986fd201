/// Traces as Chrome Trace Event JSON (`streamtrace export --format chrome`) for Perfetto and `chrome://tracing`: a
/// `tid` per trace, its subscription a complete event from its first to its terminal (or last) event, every value,
/// request and completion an instant event (payload and trace line under `args`), and a counter of the elements so far.
/// `ts` and `dur` are microseconds (nanoseconds as decimals) on the shared axis of ``TraceAlignment``.
package enum ChromeTrace {
    package static let opening = Array(
        #"{"traceEvents":[{"name":"process_name","ph":"M","pid":1,"tid":0,"args":{"name":"streamtrace"}}"#.utf8)
    package static let closing = Array("\n],\"displayTimeUnit\":\"ns\"}\n".utf8)

    /// Writes the events of the trace `lane` (`tid` `index + 1`), one per line after a comma, in chunks to `emit`.
    package static func writeEvents(
        of reader: TraceReader, lane: MergedTimeline.Lane, index: Int, alignment: TraceAlignment,
        to emit: ([UInt8]) throws -> Void
    ) throws {
        let tid = Int64(index + 1)
        var out = JSONOutput(capacity: 1 << 16)
        writeLaneEvents(lane, tid: tid, alignment: alignment, index: index, into: &out)
        var elements: Int64 = 0
        // The element counter's name, escaped once for all the lane's elements.
        var counter = JSONOutput()
        counter.write(string: lane.name + " elements")
        let counterName = counter.bytes
        while let head = try reader.nextHead() {
            let ts = alignment.time(head.nanoseconds, of: index)
            guard head.kind != .subscribe else { continue }
            out.append(",\n{\"name\":\"")
            out.append(raw: head.kind.rawValue.utf8)
            out.append("\",\"cat\":\"")
            out.append(raw: head.kind.rawValue.utf8)
            out.append("\",\"ph\":\"i\",\"s\":\"t\",\"ts\":")
            writeMicroseconds(ts, into: &out)
            out.append(",\"pid\":1,\"tid\":")
            out.write(int: tid)
            out.append(",\"args\":{")
            if writePayload(of: head, reader: reader, into: &out, asMembers: true) { out.append(UInt8(ascii: ",")) }
            out.append("\"line\":")
            out.write(int: Int64(head.line))
            out.append("}}")
            if head.kind == .value {
                elements += 1
                out.append(",\n{\"name\":")
                out.append(raw: counterName)
                out.append(",\"ph\":\"C\",\"ts\":")
                writeMicroseconds(ts, into: &out)
                out.append(",\"pid\":1,\"tid\":")
                out.write(int: tid)
                out.append(",\"args\":{\"elements\":")
                out.write(int: elements)
                out.append("}}")
            }
            if out.bytes.count >= 1 << 16 {
                try emit(out.bytes)
                out.removeAll()
            }
        }
        try emit(out.bytes)
    }

    /// The lane's name, its place among the lanes, and its subscription.
    private static func writeLaneEvents(
        _ lane: MergedTimeline.Lane, tid: Int64, alignment: TraceAlignment, index: Int, into out: inout JSONOutput
    ) {
        for (name, value) in [("thread_name", nil), ("thread_sort_index", tid)] as [(StaticString, Int64?)] {
            out.append(",\n{\"name\":\"")
            out.append(name)
            out.append("\",\"ph\":\"M\",\"pid\":1,\"tid\":")
            out.write(int: tid)
            out.append(",\"args\":{")
            if let value {
                out.append("\"sort_index\":")
                out.write(int: value)
            } else {
                out.append("\"name\":")
                out.write(string: lane.name)
            }
            out.append("}}")
        }
        let summary = lane.summary
        guard summary.eventCount > 0 else { return }
        out.append(",\n{\"name\":")
        out.write(string: lane.name)
        out.append(",\"cat\":\"subscription\",\"ph\":\"X\",\"ts\":")
        writeMicroseconds(alignment.time(summary.firstTime, of: index), into: &out)
        out.append(",\"dur\":")
        writeMicroseconds(summary.duration, into: &out)
        out.append(",\"pid\":1,\"tid\":")
        out.write(int: tid)
        out.append(",\"args\":{\"status\":")
        out.write(string: summary.status.rawValue)
        out.append(",\"elements\":")
        out.write(int: Int64(summary.elementCount))
        out.append(",\"file\":")
        out.write(string: lane.file)
        out.append("}}")
    }

    /// The payload of an event that has one, as `args` members (`"value":…`, `"demand":…`, or `"error":{…},"value":…`
    /// of a failure) or, not `asMembers`, as one JSON value (the value, the demand, `{"error":{…},"value":…}`); `false`
    /// for an event without one.
    package static func writePayload(
        of head: TraceEventHead, reader: TraceReader, into out: inout JSONOutput, asMembers: Bool
    ) -> Bool {
        switch head.kind {
        case .value:
            if asMembers { out.append("\"value\":") }
            if let bytes = reader.currentValueBytes { out.append(safeJSON: bytes) }
        case .request:
            if asMembers { out.append("\"demand\":") }
            switch head.demand ?? .unlimited {
            case .unlimited: out.append("\"unlimited\"")
            case .max(let count): out.write(int: Int64(count))
            }
        case .failure:
            if !asMembers { out.append(UInt8(ascii: "{")) }
            out.writeMembers(of: head.failure ?? TraceFailure(type: "", message: ""))
            if !asMembers { out.append(UInt8(ascii: "}")) }
        default:
            return false
        }
        return true
    }

    /// Nanoseconds as microseconds, exactly: `1200` → `1.2`, `5` → `0.005`.
    package static func writeMicroseconds(_ nanoseconds: Int64, into out: inout JSONOutput) {
        let magnitude = nanoseconds.magnitude
        if nanoseconds < 0 { out.append(UInt8(ascii: "-")) }
        out.write(uint: magnitude / 1000)
        var fraction = magnitude % 1000
        guard fraction > 0 else { return }
        out.append(UInt8(ascii: "."))
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        for _ in DecimalText.digitCount(fraction)..<digits { out.append(UInt8(ascii: "0")) }
        out.write(uint: fraction)
    }
}
