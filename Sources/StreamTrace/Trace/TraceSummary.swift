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
        self.init(header: reader.header, status: .open, warnings: [])
        while let event = try reader.nextScanEvent() { consume(event) }
        status = reader.status
        warnings = reader.warnings
    }

    package init(header: TraceHeader, status: TraceStatus, warnings: [TraceReadWarning]) {
        self.header = header
        self.status = status
        self.warnings = warnings
    }

    /// Counts one more event (for a trace summed up as it is read).
    package mutating func add(_ event: TraceEvent) {
        let failure: TraceFailure? = if case .failure(let failure) = event.event { failure } else { nil }
        count(at: event.nanoseconds, kind: event.event.kind, failure: failure)
    }

    @inline(__always)
    private mutating func count(at nanoseconds: Int64, kind: EventKind, failure: TraceFailure?) {
        if eventCount == 0 { firstTime = nanoseconds }
        lastTime = nanoseconds
        eventCount += 1
        if kind == .value { elementCount += 1 }
        if kind.isTerminal { terminal = kind }
        if let failure { self.failure = failure }
    }

    package var duration: Int64 { lastTime - firstTime }
}

/// A summary is also what a scan counts, one block at a time; the header, status and warnings are the scan's.
extension TraceSummary: TraceScanConsumer {
    /// The summary of the trace read from `fd` (from its current offset; not closed) by ``TraceScan``, in chunks on
    /// every core, with the same result and errors as ``init(reading:)``.
    package static func scan(fileDescriptor fd: Int32, name: String) throws(TraceReadError) -> TraceSummary {
        let scan = try TraceScan.scan(fileDescriptor: fd, name: name) {
            TraceSummary(header: TraceHeader(), status: .open, warnings: [])
        }
        var summary = scan.consumer
        (summary.header, summary.status, summary.warnings) = (scan.header, scan.status, scan.warnings)
        return summary
    }

    @inline(__always)
    package mutating func consume(_ event: TraceScanEvent) {
        count(at: event.nanoseconds, kind: event.kind, failure: event.kind == .failure ? event.failure : nil)
    }

    package mutating func append(_ later: TraceSummary, eventOffset: Int, lineOffset: Int) {
        guard later.eventCount > 0 else { return }
        if eventCount == 0 { firstTime = later.firstTime }
        lastTime = later.lastTime
        eventCount += later.eventCount
        elementCount += later.elementCount
        if let kind = later.terminal { terminal = kind }
        if let error = later.failure { failure = error }
    }
}
