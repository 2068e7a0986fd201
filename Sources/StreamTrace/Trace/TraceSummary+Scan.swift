extension TraceSummary {
    /// The summary of the trace read from `fd` (its current offset; not
    /// closed) by ``TraceScan``: a regular file in chunks on every core,
    /// every line checked as ``init(reading:)`` checks it, with the same
    /// result.
    ///
    /// - Throws: ``TraceReadError`` as reading the trace would.
    package static func scan(fileDescriptor fd: Int32, name: String) throws(TraceReadError) -> TraceSummary {
        let scan = try TraceScan.scan(fileDescriptor: fd, name: name) { SummaryScan() }
        var summary = TraceSummary(header: scan.header, status: scan.status, warnings: scan.warnings)
        let counted = scan.consumer
        summary.eventCount = counted.eventCount
        summary.elementCount = counted.elementCount
        summary.firstTime = counted.firstTime
        summary.lastTime = counted.lastTime
        summary.terminal = counted.terminal
        summary.failure = counted.failure
        return summary
    }
}

/// What a ``TraceSummary`` counts, one chunk at a time.
private struct SummaryScan: TraceScanConsumer {
    var eventCount = 0
    var elementCount = 0
    var firstTime: Int64 = 0
    var lastTime: Int64 = 0
    var terminal: EventKind?
    var failure: TraceFailure?

    @inline(__always)
    mutating func consume(_ event: TraceScanEvent) {
        if eventCount == 0 { firstTime = event.nanoseconds }
        lastTime = event.nanoseconds
        eventCount += 1
        if event.kind == .value { elementCount += 1 }
        if event.kind.isTerminalKind { terminal = event.kind }
        if event.kind == .failure, let error = event.failure { failure = error }
    }

    mutating func append(_ later: SummaryScan, eventOffset: Int, lineOffset: Int) {
        guard later.eventCount > 0 else { return }
        if eventCount == 0 { firstTime = later.firstTime }
        lastTime = later.lastTime
        eventCount += later.eventCount
        elementCount += later.elementCount
        if let kind = later.terminal { terminal = kind }
        if let error = later.failure { failure = error }
    }
}
