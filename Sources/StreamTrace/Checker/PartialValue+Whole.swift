/// A value the pass did not keep whole, written whole by reading its elements again from a regular file (standard
/// input and FIFOs cannot be read again: `check --format json` writes ``PartialValue/keptValue``, marked truncated).
extension PartialValue {
    /// Writes the value as JSON (values as ``JSONOutput/append(safeJSON:)`` writes them), reading the trace at `fd`
    /// again from its start up to the last element, in pieces of about 64 KiB handed to `write` (false stops it).
    package func writeWhole(
        readingAgain fd: Int32, name: String, options: TraceScanOptions = TraceScanOptions(),
        to write: @escaping (UnsafeRawBufferPointer) -> Bool
    ) throws(TraceReadError) {
        var writer = ElementWriter(elements: elements, write: write)
        writer.output.append(completion == nil ? "[" : #"{"elements":["#)
        _ = try TraceScan.read(fileDescriptor: fd, name: name, options: options, into: &writer)
        writer.output.append("]")
        if let completion {
            writer.output.append(#","completion":"#)
            writer.output.append(safeJSON: completion.bytes)
            writer.output.append("}")
        }
        writer.flush()
    }
}

/// Writes the elements of a range, comma-separated, as a trace is read.
private struct ElementWriter: TraceEventSink {
    let elements: Range<Int>
    let write: (UnsafeRawBufferPointer) -> Bool
    var output = JSONOutput()
    var element = 0
    var stopped = false

    var wantsMore: Bool { !stopped && element < elements.upperBound }

    mutating func take(_ event: TraceScanEvent) {
        guard event.kind == .value, let bytes = event.valueBytes else { return }
        defer { element += 1 }
        guard elements.contains(element), !stopped else { return }
        if element > elements.lowerBound { output.append(",") }
        output.append(safeJSON: bytes)
        if output.bytes.count >= 1 << 16 { flush() }
    }

    mutating func bufferWillChange() {}

    mutating func flush() {
        guard !stopped else { return }
        stopped = !output.bytes.withUnsafeBytes { write($0) }
        output.removeAll()
    }
}
