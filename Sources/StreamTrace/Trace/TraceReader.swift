#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads a trace front to back, one event at a time, in constant memory.
///
/// The reader checks every rule of the trace format and throws the first
/// problem as a ``TraceReadError`` (`FILE:LINE:COLUMN: message`). It accepts
/// a byte-order mark, `\r\n` line ends and blank lines; a last line cut off
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
    // A reader is used by one thread at a time (it is not Sendable): the
    // runtime's exclusivity checks on its properties would only cost time.
    /// The file name used in messages.
    public let file: String
    /// The header line.
    public private(set) var header = TraceHeader()
    /// What the reader noticed without stopping (a truncated last line).
    @exclusivity(unchecked) public private(set) var warnings: [TraceReadWarning] = []
    /// How many events have been read so far.
    @exclusivity(unchecked) public private(set) var eventCount = 0

    private let source: LineSource
    private let parser: TraceLineParser
    private let options: TraceReaderOptions
    @exclusivity(unchecked) private var lastTime: Int64 = 0
    @exclusivity(unchecked) private var terminal: (kind: EventKind, line: Int)?
    /// The line and value bytes of the event `nextHead()` returned last.
    @exclusivity(unchecked) private var currentValue: (line: UnsafeRawBufferPointer, range: Range<Int>)?
    @exclusivity(unchecked) private var truncated = false
    @exclusivity(unchecked) private var finished = false

    /// Opens the trace at `path` and reads its header. `-` reads standard input.
    public convenience init(path: String, options: TraceReaderOptions = TraceReaderOptions()) throws(TraceReadError) {
        if path == "-" {
            try self.init(fileDescriptor: 0, name: "<stdin>", options: options)
            return
        }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            let reason = errno == ENOENT ? "no such file" : String(cString: strerror(errno))
            throw TraceReadError(kind: .unreadable, file: path, line: 0, column: 0, message: "cannot open: \(reason)")
        }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw TraceReadError(
                kind: .unreadable, file: path, line: 0, column: 0, message: "cannot read: is a directory")
        }
        try self.init(
            source: LineSource(fileDescriptor: fd, ownsDescriptor: true, options: options), name: path, options: options
        )
    }

    /// Reads a trace from an open file descriptor (not closed by the reader).
    public convenience init(fileDescriptor: Int32, name: String, options: TraceReaderOptions = TraceReaderOptions())
        throws(TraceReadError)
    {
        try self.init(
            source: LineSource(fileDescriptor: fileDescriptor, ownsDescriptor: false, options: options), name: name,
            options: options)
    }

    /// Reads a trace held in memory.
    public convenience init(
        bytes: [UInt8], name: String = "<memory>", options: TraceReaderOptions = TraceReaderOptions()
    ) throws(TraceReadError) {
        try self.init(source: LineSource(bytes: bytes, options: options), name: name, options: options)
    }

    /// Reads a trace from an open file descriptor, which the reader closes
    /// when it is done with it.
    package convenience init(
        closingFileDescriptor fileDescriptor: Int32, name: String, options: TraceReaderOptions = TraceReaderOptions()
    ) throws(TraceReadError) {
        try self.init(
            source: LineSource(fileDescriptor: fileDescriptor, ownsDescriptor: true, options: options), name: name,
            options: options)
    }

    /// Reads a trace with `read`, which fills a buffer and returns how many
    /// bytes it read, 0 at the end, or -1 with `errno` set: a source that
    /// waits for a writer (`show --follow`). The header is read at once.
    package convenience init(
        reading read: @escaping (UnsafeMutableRawPointer, Int) -> Int, name: String,
        options: TraceReaderOptions = TraceReaderOptions()
    ) throws(TraceReadError) {
        try self.init(source: LineSource(reading: read, options: options), name: name, options: options)
    }

    private init(source: LineSource, name: String, options: TraceReaderOptions) throws(TraceReadError) {
        self.source = source
        self.file = name
        self.parser = TraceLineParser(maximumDepth: options.maximumDepth)
        self.options = options
        try readHeader()
    }

    /// How the trace ends. Final once ``next()`` has returned `nil`.
    public var status: TraceStatus {
        switch terminal?.kind {
        case .finished?: .finished
        case .failure?: .failed
        case .cancel?: .cancelled
        default: truncated ? .truncated : .open
        }
    }

    /// The next event, or `nil` at the end of the trace.
    public func next() throws(TraceReadError) -> TraceEvent? {
        guard let head = try nextHead() else { return nil }
        let event: StreamEvent<JSONValue, TraceFailure>
        switch head.kind {
        case .subscribe: event = .subscribe
        case .request: event = .request(head.demand ?? .unlimited)
        case .value: event = .value(try decodeValue())
        case .finished: event = .finished
        case .failure: event = .failure(head.failure ?? TraceFailure(type: "", message: ""))
        case .cancel: event = .cancel
        }
        return TraceEvent(nanoseconds: head.nanoseconds, event: event, line: head.line)
    }

    /// The next event without its value (fully checked, value included), or
    /// `nil` at the end of the trace. Faster than ``next()`` when values
    /// are not needed; ``decodeValue()`` builds the value of this event.
    package func nextHead() throws(TraceReadError) -> TraceEventHead? {
        currentValue = nil
        guard !finished else { return nil }
        while let (line, terminated) = try nextContentLine() {
            if let terminal {
                throw error(
                    .invalidEvent, line: source.lineNumber, offset: 0, in: line,
                    "event after the terminal event (\(terminal.kind) on line \(terminal.line)); nothing may follow it")
            }
            let parsed: TraceLineParser.ParsedEvent
            do {
                parsed = try parser.parseEvent(line)
            } catch {
                // A cut last line may break a rule before its syntax does
                // ({"t":-1 …): what makes it a truncated tail is not being JSON.
                if !terminated, !Self.isValidJSON(line, maximumDepth: options.maximumDepth) {
                    warnTruncated(line)
                    break
                }
                throw self.error(error.kind, line: source.lineNumber, offset: error.offset, in: line, error.message)
            }
            if parsed.nanoseconds < lastTime {
                throw error(
                    .invalidEvent, line: source.lineNumber, offset: parsed.timeOffset, in: line,
                    "\"t\" decreased from \(lastTime) to \(parsed.nanoseconds); times must never decrease")
            }
            if parsed.kind == .subscribe, eventCount > 0 {
                throw error(
                    .invalidEvent, line: source.lineNumber, offset: 0, in: line,
                    "subscribe must be the first event, found it after \(eventCount) event\(eventCount == 1 ? "" : "s")"
                )
            }
            lastTime = parsed.nanoseconds
            eventCount += 1
            if parsed.kind.isTerminal { terminal = (parsed.kind, source.lineNumber) }
            if let range = parsed.valueRange, parsed.kind == .value { currentValue = (line, range) }
            return TraceEventHead(
                nanoseconds: parsed.nanoseconds, kind: parsed.kind, line: source.lineNumber, demand: parsed.demand,
                failure: parsed.failure)
        }
        finished = true
        return nil
    }

    /// Builds the value of the `value` event that ``nextHead()`` just
    /// returned.
    ///
    /// - Precondition: the last call to ``nextHead()`` returned a `value` event.
    package func decodeValue() throws(TraceReadError) -> JSONValue {
        guard let (line, range) = currentValue else {
            preconditionFailure("decodeValue() needs the value event nextHead() just returned")
        }
        do {
            return try parser.decodeValue(range, in: line)
        } catch {
            throw self.error(error.kind, line: source.lineNumber, offset: error.offset, in: line, error.message)
        }
    }

    /// The text of the value of the `value` event that ``nextHead()`` just
    /// returned, as read (validated, not decoded).
    ///
    /// - Precondition: the last call to ``nextHead()`` returned a `value` event.
    package func rawValue() -> RawJSON {
        var bytes: [UInt8] = []
        appendRawValue(to: &bytes)
        return RawJSON(validated: bytes[...])
    }

    /// Appends the text of the current value to `bytes`.
    func appendRawValue(to bytes: inout [UInt8]) {
        guard let (line, range) = currentValue else {
            preconditionFailure("rawValue() needs the value event nextHead() just returned")
        }
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: line[range]))
    }

    /// The current value's bytes, valid until the next call to the reader;
    /// `nil` unless ``nextHead()`` just returned a `value` event.
    var currentValueBytes: UnsafeRawBufferPointer? {
        currentValue.map { UnsafeRawBufferPointer(rebasing: $0.line[$0.range]) }
    }

    // MARK: Lines

    private func readHeader() throws(TraceReadError) {
        guard let (line, terminated) = try nextContentLine() else {
            throw TraceReadError(
                kind: .notATrace, file: file, line: max(source.lineNumber, 1), column: 1,
                message: "empty trace: expected a header line {\"streamtrace\":1,...}")
        }
        do {
            header = try parser.parseHeader(line)
        } catch {
            if !terminated, error.kind == .notATrace, !Self.isValidJSON(line, maximumDepth: options.maximumDepth) {
                // The writer died while writing the header: nothing was recorded.
                throw self.error(
                    .notATrace, line: source.lineNumber, offset: error.offset, in: line,
                    "the header line is truncated (no newline, not valid JSON): \(error.message)")
            }
            throw self.error(error.kind, line: source.lineNumber, offset: error.offset, in: line, error.message)
        }
    }

    /// The next line that is not blank, without its line end (and without a
    /// byte-order mark on line 1).
    private func nextContentLine() throws(TraceReadError) -> (UnsafeRawBufferPointer, Bool)? {
        while true {
            let next: (bytes: UnsafeRawBufferPointer, terminated: Bool)?
            do {
                next = try source.nextLine()
            } catch {
                switch error {
                case .lineTooLong(let line):
                    throw TraceReadError(
                        kind: .lineTooLong, file: file, line: line, column: 1,
                        message: "line is longer than the limit of \(Self.formatBytes(options.maximumLineLength))B")
                case .io(let line, let message):
                    throw TraceReadError(
                        kind: .unreadable, file: file, line: line, column: 1, message: "cannot read: \(message)")
                }
            }
            guard let next else { return nil }
            var line = next.bytes
            let terminated = next.terminated
            if source.lineNumber == 1, line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF {
                line = UnsafeRawBufferPointer(rebasing: line[3...])
            }
            if terminated, let last = line.last, last == 0x0D {
                line = UnsafeRawBufferPointer(rebasing: line[..<(line.count - 1)])
            }
            if !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return (line, terminated) }
        }
    }

    private func warnTruncated(_ line: UnsafeRawBufferPointer) {
        truncated = true
        warnings.append(
            TraceReadWarning(
                file: file, line: source.lineNumber, column: 1,
                message:
                    "the last line is truncated (no newline, not valid JSON); it is ignored and the trace is treated as open"
            ))
    }

    private func error(
        _ kind: TraceReadError.Kind, line: Int, offset: Int, in bytes: UnsafeRawBufferPointer, _ message: String
    ) -> TraceReadError {
        TraceReadError(kind: kind, file: file, line: line, column: Self.column(of: offset, in: bytes), message: message)
    }
}
