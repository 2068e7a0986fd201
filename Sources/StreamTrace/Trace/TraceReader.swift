/// Reads a trace front to back, one event at a time, in constant memory.
///
/// It pulls events from the one front end of the format (`TraceScanner`, the same that `streamtrace check` reads
/// through), which checks every rule of the trace format and throws the first problem as a ``TraceReadError``
/// (`FILE:LINE:COLUMN: message`). It accepts a byte-order mark, `\r\n` line ends and blank lines; a last line cut off
/// mid-write is ignored with a warning and the trace is treated as open.
///
/// ```swift
/// let reader = try TraceReader(path: "search.trace.jsonl")
/// while let event = try reader.next() {
///     print(event.nanoseconds, event.event.kind)
/// }
/// print(reader.status)  // finished, failed, cancelled, open or truncated
/// ```
public final class TraceReader {
    // Used by one thread at a time (not Sendable): exclusivity checks on its properties would only cost time.
    /// The file name used in messages.
    package let file: String
    /// The header line.
    public let header: TraceHeader

    @exclusivity(unchecked) private var scanner: TraceScanner
    /// The event ``nextHead()`` returned last; its bytes are valid until the next call.
    @exclusivity(unchecked) private var current: TraceScanEvent?
    /// Gives back what the reader owns: the bytes in memory the scanner reads, or the descriptor it reads.
    private let release: (() -> Void)?

    /// Opens the trace at `path` and reads its header. `-` reads standard input.
    public convenience init(path: String) throws(TraceReadError) {
        if path == "-" {
            try self.init(source: .stream(fd: 0), name: "<stdin>", options: TraceReaderOptions())
        } else {
            try self.init(closingFileDescriptor: TraceFile.open(path), name: path)
        }
    }

    package convenience init(
        bytes: [UInt8], name: String = "<memory>", options: TraceReaderOptions = TraceReaderOptions()
    ) throws(TraceReadError) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 16)
        copy.copyBytes(from: bytes)
        try self.init(
            source: .memory(UnsafeRawBufferPointer(copy), range: 0..<bytes.count), name: name, options: options,
            release: copy.deallocate)
    }

    /// Reads a trace from an open file descriptor, which the reader closes when done.
    package convenience init(
        closingFileDescriptor fileDescriptor: Int32, name: String, options: TraceReaderOptions = TraceReaderOptions()
    ) throws(TraceReadError) {
        try self.init(
            source: .stream(fd: fileDescriptor), name: name, options: options,
            release: { SystemCall.close(fileDescriptor) })
    }

    /// Reads a trace with `read`, which fills a buffer and returns the byte count, 0 at the end, or -1 with `errno`
    /// set: a source that waits for a writer (`show --follow`). The header is read at once.
    package convenience init(reading read: @escaping (UnsafeMutableRawPointer, Int) -> Int, name: String)
        throws(TraceReadError)
    {
        try self.init(source: .reading(read), name: name, options: TraceReaderOptions())
    }

    private init(
        source: ScanSource, name: String, options: TraceReaderOptions, release: (() -> Void)? = nil
    ) throws(TraceReadError) {
        self.file = name
        self.release = release
        var scanner = TraceScanner(source: source, options: options, readSize: options.chunkSize)
        do {
            header = try scanner.readHeader(file: name)
        } catch {
            release?()
            throw error
        }
        self.scanner = scanner
    }

    deinit { release?() }

    /// What the reader noticed without stopping (a truncated last line).
    public var warnings: [TraceReadWarning] {
        scanner.report.truncatedLine.map { [.truncated(file: file, line: $0)] } ?? []
    }

    package var eventCount: Int { scanner.report.eventCount }

    /// How the trace ends. Final once ``next()`` has returned `nil`.
    public var status: TraceStatus { scanner.report.status }

    /// The next event, or `nil` at the end of the trace.
    public func next() throws(TraceReadError) -> TraceEvent? {
        guard let head = try nextHead() else { return nil }
        var event = Self.event(head, value: head.kind == .value ? try decodeValue() : nil)
        // A group's order: the exact parser read it (a line with `seq` never takes the fast path).
        if header.group != nil, let (line, sequence) = scanner.exactSequence, line == current?.line {
            event.sequence = sequence
        }
        return event
    }

    /// The event `head` stands for, with `value` for a `value` event.
    package static func event(_ head: TraceEventHead, value: JSONValue?) -> TraceEvent {
        let event: StreamEvent<JSONValue, TraceFailure>
        switch head.kind {
        case .subscribe: event = .subscribe
        case .request: event = .request(head.demand ?? .unlimited)
        case .value: event = .value(value ?? .null)
        case .finished: event = .finished
        case .failure: event = .failure(head.failure ?? TraceFailure(type: "", message: ""))
        case .cancel: event = .cancel
        }
        return TraceEvent(nanoseconds: head.nanoseconds, event: event, line: head.line)
    }

    /// The next event without its value (fully checked, value included), or `nil` at the end of the trace. Faster than
    /// ``next()`` when values are not needed; ``decodeValue()`` builds the value of this event.
    package func nextHead() throws(TraceReadError) -> TraceEventHead? {
        try nextScanEvent()?.head(lineOffset: 0)
    }

    /// The next event as the front end gives it (its line's bytes valid until the next call), or `nil` at the end.
    package func nextScanEvent() throws(TraceReadError) -> TraceScanEvent? {
        current = scanner.nextEvent(beforeRefill: {})
        if current == nil, let problem = scanner.report.problem {
            throw problem.error(file: file, lineOffset: 0, eventOffset: 0)
        }
        return current
    }

    /// Builds the value of the event ``nextHead()`` just returned, which must be a `value` event.
    package func decodeValue() throws(TraceReadError) -> JSONValue {
        guard let current, current.kind == .value, let range = current.valueRange else {
            preconditionFailure("decodeValue() needs the value event nextHead() just returned")
        }
        do {
            return try scanner.parser.decodeValue(range, in: current.text)
        } catch {
            throw scanner.problem(error, line: current.line, in: current.text, file: file)
        }
    }

    /// The current value's bytes, valid until the next call; `nil` unless ``nextHead()`` just returned a `value` event.
    package var currentValueBytes: UnsafeRawBufferPointer? {
        guard let current, current.kind == .value else { return nil }
        return current.valueBytes
    }
}
