// The fuzz build (Fuzz/run.sh) compiles this file into the module itself.
#if !STREAMTRACE_FUZZ
@testable import StreamTrace
#endif

/// The differential check between `TraceScan` and `TraceReader`: both
/// read the same bytes into a comparable ``Outcome``. Test-only code: the
/// scan tests and the scanner's fuzz target (Fuzz/run.sh compiles this
/// file in) use it.
enum TraceScanReference {
    /// Everything a reader of a whole trace learns, or its error.
    enum Outcome: Equatable, CustomStringConvertible {
        case read(header: TraceHeader, status: TraceStatus, warnings: [TraceReadWarning], events: [Event])
        case failed(String)

        var description: String {
            switch self {
            case .read(_, let status, let warnings, let events):
                "\(events.count) events, \(status), warnings \(warnings)"
            case .failed(let message): message
            }
        }
    }

    /// An event head and its value's text.
    struct Event: Equatable {
        var head: TraceEventHead
        var index: Int
        var value: [UInt8]?
    }

    /// Keeps every event (for tests: memory grows with the trace).
    struct Collector: TraceScanConsumer {
        var events: [Event] = []
        init() {}

        mutating func consume(_ event: TraceScanEvent) {
            events.append(
                Event(head: event.head(lineOffset: 0), index: event.index, value: event.valueBytes.map { Array($0) }))
        }

        mutating func append(_ later: Collector, eventOffset: Int, lineOffset: Int) {
            for var event in later.events {
                event.head.line += lineOffset
                event.index += eventOffset
                events.append(event)
            }
        }
    }

    /// What ``TraceReader/nextHead()`` reads, with each value's raw text.
    static func sequential(_ bytes: [UInt8], name: String, options: TraceReaderOptions) -> Outcome {
        do {
            let reader = try TraceReader(bytes: bytes, name: name, options: options)
            var events: [Event] = []
            while let head = try reader.nextHead() {
                let value = head.kind == .value ? Array(reader.rawValue().bytes) : nil
                events.append(Event(head: head, index: events.count, value: value))
            }
            return .read(header: reader.header, status: reader.status, warnings: reader.warnings, events: events)
        } catch {
            return .failed(error.description)
        }
    }

    /// What ``TraceScan`` reads. Values of `failure` events are left out:
    /// the reader only gives them inside the failure.
    static func scanned(_ bytes: [UInt8], name: String, options: TraceScanOptions) -> Outcome {
        do {
            let scan = try TraceScan.scan(bytes: bytes, name: name, options: options) { Collector() }
            let events = scan.consumer.events.map { event in
                var event = event
                if event.head.kind != .value { event.value = nil }
                return event
            }
            guard events.count == scan.eventCount else {
                return .failed("event count \(scan.eventCount) != \(events.count)")
            }
            return .read(header: scan.header, status: scan.status, warnings: scan.warnings, events: events)
        } catch {
            return .failed(error.description)
        }
    }
}

/// Test-only entry points of ``TraceScan``: bytes in memory, read as a file
/// is (the scan tests and the scanner's fuzz target).
extension TraceScan {
    /// Scans bytes in memory, split like a file.
    static func scan<C: TraceScanConsumer>(
        bytes: [UInt8], name: String = "<memory>", options: TraceScanOptions = TraceScanOptions(), makeConsumer: () -> C
    ) throws(TraceReadError) -> TraceScanResult<C> {
        try inMemory(bytes) { (source) throws(TraceReadError) in
            try run(source, name: name, options: options, makeConsumer: makeConsumer)
        }
    }

    /// Reads bytes in memory into `sink`, as a file is read.
    static func read<Sink: TraceEventSink>(
        bytes: [UInt8], name: String = "<memory>", options: TraceScanOptions = TraceScanOptions(),
        into sink: inout Sink
    ) throws(TraceReadError) -> TraceReadEnd {
        try inMemory(bytes) { (source) throws(TraceReadError) in
            try read(source, name: name, options: options, into: &sink)
        }
    }

    /// `body`'s result over `bytes`, a source read as a file is.
    private static func inMemory<R>(_ bytes: [UInt8], _ body: (ScanSource) throws(TraceReadError) -> R)
        throws(TraceReadError) -> R
    {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(TraceReadError) in try body(.memory(raw, range: 0..<raw.count)) }
        }
        return try result.get()
    }
}
