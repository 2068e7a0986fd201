/// What one pass over a trace learns in constant memory: its header, how it ends, how many events and elements it
/// holds and when. `streamtrace show` reads it first (checking every line, so a malformed trace prints only its
/// error), then the events one at a time.
///
/// ```swift
/// let summary = try TraceSummary(reading: TraceReader(path: "run.jsonl"))
/// let count = summary.elementCount  // 2
/// let status = summary.status  // .finished
/// ```
package struct TraceSummary: Sendable, Equatable {
    package var header: TraceHeader
    package var status: TraceStatus
    package var warnings: [TraceReadWarning]
    package var eventCount = 0
    package var elementCount = 0
    /// The time of the first and the last event (0 without events).
    package var firstTime: Int64 = 0
    package var lastTime: Int64 = 0
    package var terminal: EventKind?
    package var failure: TraceFailure?

    /// Reads the rest of `reader` (values checked, not built).
    package init(reading reader: TraceReader) throws(TraceReadError) {
        var summary = TraceSummary(header: reader.header, status: .open, warnings: [])
        while let head = try reader.nextHead() {
            summary.count(at: head.nanoseconds, kind: head.kind, failure: head.failure)
        }
        summary.status = reader.status
        summary.warnings = reader.warnings
        self = summary
    }

    package init(header: TraceHeader, status: TraceStatus, warnings: [TraceReadWarning]) {
        self.header = header
        self.status = status
        self.warnings = warnings
    }

    /// Counts one more event (for a trace summed up as it is read).
    package mutating func add(_ event: TraceEvent) {
        var error: TraceFailure?
        if case .failure(let failure) = event.event { error = failure }
        count(at: event.nanoseconds, kind: event.event.kind, failure: error)
    }

    private mutating func count(at nanoseconds: Int64, kind: EventKind, failure: TraceFailure?) {
        if eventCount == 0 { firstTime = nanoseconds }
        lastTime = nanoseconds
        eventCount += 1
        if kind == .value { elementCount += 1 }
        if kind.isTerminal { terminal = kind }
        if let failure { self.failure = failure }
    }

    package var duration: Int64 { lastTime - firstTime }

    /// The events a marble line draws: elements and the terminal event.
    package var drawnCount: Int { elementCount + (terminal == nil ? 0 : 1) }
}

extension TraceSummary {
    /// The summary of the trace read from `fd` (from its current offset; not closed) by ``TraceScan``, in chunks on
    /// every core, with the same result and errors as ``init(reading:)``.
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
