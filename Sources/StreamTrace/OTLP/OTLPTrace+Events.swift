/// A trace's events as span events: every event but `subscribe` (the
/// span's start), named after its kind (`value`, `request`, `finished`,
/// `failure`, `cancel`), with the attributes
///
/// | attribute | on | holds |
/// |---|---|---|
/// | `streamtrace.value` | `value`, `failure` with an encoded error | the value as compact JSON text |
/// | `streamtrace.demand` | `request` | the demand: an integer, or the string `unlimited` |
/// | `exception.type`, `exception.message` | `failure` | the error's type and message |
/// | `streamtrace.line` | every event | its line in the trace |
extension OTLPTrace {
    /// Writes the next span events of `reader`, at most `limit`, comma
    /// separated, calling `flush` whenever `out` passes 64 KB (and between
    /// the slices of a long value); the Unix time of the last, or `nil`
    /// when the trace had none left.
    func writeEvents(
        from reader: TraceReader, of stream: OTLPStream, limit: Int, into out: inout JSONOutput,
        flush: (inout JSONOutput) throws -> Void
    ) throws -> Int64? {
        var last: Int64?
        var written = 0
        while written < limit, let head = try reader.nextHead() {
            guard head.kind != .subscribe else { continue }
            let time = try stream.unixTime(head.nanoseconds, line: head.line)
            if written > 0 { out.append(UInt8(ascii: ",")) }
            out.append("{\"timeUnixNano\":")
            out.write(decimalString: time)
            out.append(",\"name\":\"")
            out.append(raw: head.kind.rawValue.utf8)
            out.append("\",\"attributes\":[")
            try writePayload(of: head, reader: reader, into: &out, flush: flush)
            out.writeAttribute("streamtrace.line", int: Int64(head.line))
            out.append("]}")
            written += 1
            last = time
            if out.bytes.count >= 1 << 16 { try flush(&out) }
        }
        return last
    }

    /// The event's own attributes, each followed by a comma.
    private func writePayload(
        of head: TraceEventHead, reader: TraceReader, into out: inout JSONOutput,
        flush: (inout JSONOutput) throws -> Void
    ) throws {
        switch head.kind {
        case .value:
            guard let value = reader.currentValueBytes else { return }
            try out.writeValueAttribute(value, flush: flush)
        case .request:
            switch head.demand ?? .unlimited {
            case .unlimited: out.writeAttribute("streamtrace.demand", string: "unlimited")
            case .max(let count): out.writeAttribute("streamtrace.demand", int: Int64(count))
            }
        case .failure:
            let failure = head.failure ?? TraceFailure(type: "", message: "")
            out.writeAttribute("exception.type", string: failure.type)
            out.append(UInt8(ascii: ","))
            out.writeAttribute("exception.message", string: failure.message)
            guard let value = failure.value else { break }
            out.append(UInt8(ascii: ","))
            out.writeAttribute("streamtrace.value", json: value)
        default:
            return
        }
        out.append(UInt8(ascii: ","))
    }
}
