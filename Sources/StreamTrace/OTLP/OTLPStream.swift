/// One trace as `export --format otlp` writes it, from a first pass over it: the subscription's span (ids, name,
/// start and end), how many span events it has and how it ended. Constant memory whatever the trace's size; every
/// line and every event's time is checked before anything is written. Times count from the trace's `started`, or
/// without one (a virtual clock's) from `epoch` plus its `at`. Past ``eventsPerSpan`` events, the subscription's
/// span holds none itself and ``chunkCount`` child spans hold them in order.
package struct OTLPStream: Sendable {
    /// The most events one span holds: OpenTelemetry's SDKs keep 128.
    package static let eventsPerSpan = 128

    /// The trace's path as given or found.
    package var file: String
    /// The span's name: the stream's, else the file's without `.jsonl`.
    package var name: String
    package var header: TraceHeader
    package var traceID: [UInt8]
    package var spanID: [UInt8]
    /// The folder's span, when the trace is one of a folder's.
    package var parentSpanID: [UInt8]?
    /// Whether the times count from `epoch` (the trace has no `started`).
    package var usesEpoch: Bool
    /// Unix nanoseconds of the subscription (the first event) and of the terminal (else the last) event.
    package var start: Int64 = 0
    package var end: Int64 = 0
    /// The span events: every event but `subscribe`.
    package var eventCount = 0
    package var elementCount = 0
    package var status: TraceStatus = .open
    package var failure: TraceFailure?
    package var warnings: [TraceReadWarning] = []
    /// Unix nanoseconds of the trace's `t` 0.
    private var origin: Int64?

    /// Reads the rest of `reader`; `folder`: the trace's folder, if any; `epoch`: Unix nanoseconds of `at` 0.
    package init(reading reader: TraceReader, folder: String?, epoch: Int64) throws(TraceReadError) {
        file = reader.file
        header = reader.header
        name = MergedTimeline.name(of: header, file: file)
        traceID = OTLPIdentity.traceID(of: folder ?? file)
        spanID = OTLPIdentity.spanID(file: file, stream: name)
        parentSpanID = folder.map(OTLPIdentity.folderSpanID(of:))
        let started = header.started.flatMap { ISO8601.nanoseconds($0) }.flatMap { $0 >= 0 ? $0 : nil }
        usesEpoch = started == nil
        if let started {
            origin = started
        } else if case (let sum, false) = epoch.addingReportingOverflow(header.at ?? 0) {
            origin = sum
        }
        var first: Int64?
        var last: Int64?
        while let head = try reader.nextHead() {
            let time = try unixTime(head.nanoseconds, line: head.line)
            if first == nil { first = time }
            last = time
            guard head.kind != .subscribe else { continue }
            eventCount += 1
            if head.kind == .value { elementCount += 1 }
            if let failure = head.failure { self.failure = failure }
        }
        start = if let first { first } else { try unixTime(0, line: 1) }
        end = last ?? start
        status = reader.status
        warnings = reader.warnings
        if let text = header.started, started == nil {
            let warning = "\"started\" is not a UTC time from 1970 to 2262 (\(text)); timed as a trace without it"
            warnings.insert(TraceReadWarning(file: file, line: 1, column: 1, message: warning), at: 0)
        }
    }

    /// How many child spans hold the events; 0 when the subscription's span holds them (``eventsPerSpan`` or fewer).
    package var chunkCount: Int {
        eventCount > Self.eventsPerSpan ? (eventCount + Self.eventsPerSpan - 1) / Self.eventsPerSpan : 0
    }

    /// Unix nanoseconds of `t`, or an error at `line` if outside 1970–2262 (what 64-bit Unix nanoseconds hold).
    package func unixTime(_ t: Int64, line: Int) throws(TraceReadError) -> Int64 {
        if let origin, case (let sum, false) = origin.addingReportingOverflow(t), sum >= 0 { return sum }
        let from = usesEpoch ? "--epoch + \"at\" + \"t\"" : "\"started\" + \"t\""
        throw TraceReadError(
            kind: .invalidEvent, file: file, line: line, column: 1,
            message: "the time \(from) is not between 1970 and 2262, the years OTLP's Unix nanoseconds cover")
    }
}
