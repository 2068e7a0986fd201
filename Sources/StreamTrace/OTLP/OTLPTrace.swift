/// Traces as OTLP/JSON (`streamtrace export --format otlp`), as the OpenTelemetry Collector's file exporter writes
/// it and its `otlpjsonfile` receiver reads it: JSON Lines, one `TracesData` a line, here one span a line.
///
/// The mapping (docs/otlp.md): a span a subscription, named after the stream, with the trace's values, requests and
/// terminal event as span events; past ``OTLPStream/eventsPerSpan`` events, child spans hold them, each linked to
/// the one before. A failure makes the status ERROR (2). Fields follow the proto's order but for a child span's end
/// time, known only after its events (JSON readers take fields in any order).
package struct OTLPTrace {
    /// What each line starts with: the resource and the scope.
    private let opening: [UInt8]

    /// Lines for the resource `service.name` = `service`, from the scope `streamtrace` at `version`.
    package init(service: String, version: String) {
        var out = JSONOutput()
        out.append("{\"resourceSpans\":[{\"resource\":{\"attributes\":[")
        out.writeAttribute("service.name", string: service)
        out.append("]},\"scopeSpans\":[{\"scope\":{\"name\":\"streamtrace\",\"version\":")
        out.write(string: version)
        out.append("},\"spans\":[")
        opening = out.bytes
    }

    /// The folder's span, a line.
    package func writeSpan(of folder: OTLPFolder, into out: inout JSONOutput) {
        writeHead(
            trace: folder.traceID, span: folder.spanID, parent: nil, name: folder.name, start: folder.start,
            end: folder.end, into: &out)
        out.writeAttribute("streamtrace.folder", string: folder.path)
        out.writeAttribute("streamtrace.streams", int: Int64(folder.streamCount))
        out.append("],\"status\":{}")
        closeLine(&out)
    }

    /// The spans of `stream`, a line each, its events read from `reader` (a second pass), in chunks to `emit`.
    package func writeSpans(
        of stream: OTLPStream, reading reader: TraceReader, to emit: ([UInt8]) throws -> Void
    ) throws {
        var out = JSONOutput(capacity: 1 << 17)
        func flush(_ out: inout JSONOutput) throws {
            try emit(out.bytes)
            out.removeAll()
        }
        writeHead(
            trace: stream.traceID, span: stream.spanID, parent: stream.parentSpanID, name: stream.name,
            start: stream.start, end: stream.end, into: &out)
        out.writeAttribute("streamtrace.file", string: stream.file)
        if let clock = stream.header.clock { out.writeAttribute("streamtrace.clock", string: clock) }
        out.writeAttribute("streamtrace.status", string: stream.status.rawValue)
        out.writeAttribute("streamtrace.elements", int: Int64(stream.elementCount))
        out.writeAttribute("streamtrace.events", int: Int64(stream.eventCount))
        if stream.chunkCount > 0 { out.writeAttribute("streamtrace.chunks", int: Int64(stream.chunkCount)) }
        if stream.status == .cancelled { out.writeAttribute("streamtrace.cancelled", bool: true) }
        if let meta = stream.header.meta { out.writeAttribute("streamtrace.meta", json: .object(meta)) }
        out.append(UInt8(ascii: "]"))
        if stream.chunkCount == 0, stream.eventCount > 0 {
            out.append(",\"events\":[")
            _ = try writeEvents(from: reader, of: stream, limit: .max, into: &out, flush: flush)
            out.append(UInt8(ascii: "]"))
        }
        if stream.status == .failed {
            out.append(",\"status\":{\"message\":")
            out.write(string: stream.failure?.message ?? "")
            out.append(",\"code\":2}")
        } else {
            out.append(",\"status\":{}")
        }
        closeLine(&out)
        try writeChunks(of: stream, reading: reader, into: &out, flush: flush)
        try flush(&out)
    }

    /// The child spans of a split subscription, each from the end of the one before (the first from the
    /// subscription's start) to its last event, and linked to the one before.
    private func writeChunks(
        of stream: OTLPStream, reading reader: TraceReader, into out: inout JSONOutput,
        flush: (inout JSONOutput) throws -> Void
    ) throws {
        var previous: (span: [UInt8], end: Int64)?
        for chunk in stream.chunkCount > 0 ? Array(1...stream.chunkCount) : [] {
            let span = OTLPIdentity.spanID(file: stream.file, stream: stream.name, chunk: chunk)
            let start = previous?.end ?? stream.start
            writeHead(
                trace: stream.traceID, span: span, parent: stream.spanID,
                name: "\(stream.name) [\(chunk)/\(stream.chunkCount)]", start: start, end: nil, into: &out)
            out.writeAttribute("streamtrace.chunk", int: Int64(chunk))
            out.append("],\"events\":[")
            let end =
                try writeEvents(from: reader, of: stream, limit: OTLPStream.eventsPerSpan, into: &out, flush: flush)
                ?? start
            out.append(UInt8(ascii: "]"))
            out.writeMember("endTimeUnixNano") { $0.write(decimalString: end) }
            if let previous {
                out.append(",\"links\":[{\"traceId\":")
                out.write(hex: stream.traceID)
                out.writeMember("spanId") { $0.write(hex: previous.span) }
                out.append("}]")
            }
            out.append(",\"status\":{}")
            closeLine(&out)
            previous = (span, end)
            if out.bytes.count >= 1 << 16 { try flush(&out) }
        }
    }

    /// A line's opening and the span's fields up to its attributes, whose `[` it opens.
    private func writeHead(
        trace: [UInt8], span: [UInt8], parent: [UInt8]?, name: String, start: Int64, end: Int64?,
        into out: inout JSONOutput
    ) {
        out.append(raw: opening)
        out.append("{\"traceId\":")
        out.write(hex: trace)
        out.writeMember("spanId") { $0.write(hex: span) }
        if let parent { out.writeMember("parentSpanId") { $0.write(hex: parent) } }
        out.append(",\"name\":")
        out.write(string: name)
        out.append(",\"kind\":1")
        out.writeMember("startTimeUnixNano") { $0.write(decimalString: start) }
        if let end { out.writeMember("endTimeUnixNano") { $0.write(decimalString: end) } }
        out.append(",\"attributes\":[")
    }

    private func closeLine(_ out: inout JSONOutput) {
        out.append("}]}]}]}\n")
    }
}

/// A trace's events as span events: every event but `subscribe` (the span's start), named after its kind, with the
/// attributes docs/otlp.md lists.
extension OTLPTrace {
    /// Writes the next span events of `reader`, at most `limit`, comma separated, calling `flush` past 64 KB of
    /// `out` and between a long value's slices; returns the Unix time of the last, or `nil` if none was left.
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

    /// The event's own attributes.
    private func writePayload(
        of head: TraceEventHead, reader: TraceReader, into out: inout JSONOutput,
        flush: (inout JSONOutput) throws -> Void
    ) throws {
        switch head.kind {
        case .value:
            guard let value = reader.currentValueBytes else { return }
            try out.writeAttribute("streamtrace.value", jsonText: value, flush: flush)
        case .request:
            switch head.demand ?? .unlimited {
            case .unlimited: out.writeAttribute("streamtrace.demand", string: "unlimited")
            case .max(let count): out.writeAttribute("streamtrace.demand", int: Int64(count))
            }
        case .failure:
            let failure = head.failure ?? TraceFailure(type: "", message: "")
            out.writeAttribute("exception.type", string: failure.type)
            out.writeAttribute("exception.message", string: failure.message)
            if let value = failure.value { out.writeAttribute("streamtrace.value", json: value) }
        default:
            return
        }
    }
}
