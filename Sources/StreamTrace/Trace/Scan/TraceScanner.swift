#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The one front end of the trace format: reads a run of whole lines (a whole trace, or one chunk of a large file),
/// checks every line and every rule within it, and hands out its events one at a time. Each line first goes through
/// ``FastEventLine`` straight from the read buffer; a line it does not take (another layout, a blank line, a problem, a
/// broken rule, the buffer's end) is cut at its `\n` and read by ``TraceLineParser``, which accepts any layout and
/// words every problem. The fast path only takes a line the exact path would read the same way.
struct TraceScanner: ~Copyable {
    var buffer: ScanBuffer
    let parser: TraceLineParser
    let options: TraceReaderOptions
    /// The fast path's nesting limit (``FastJSONValidator/nesting(maximumDepth:)``).
    let fastNesting: Int
    /// Whether the fast path scans long strings 32 bytes a step (``FastJSONValidator/wide``).
    let wide = ByteVector.processorRunsAVX2
    var report = ChunkReport()
    /// Asked before each read: true stops the scan, whose result will not be used (a block after the one that failed,
    /// or after the sink had enough).
    var shouldStop: (() -> Bool)?
    /// The `seq` of the last line the exact parser read, by its line (the fast path takes no line that has one).
    var exactSequence: (line: Int, sequence: Int64?)?

    init(source: ScanSource, options: TraceReaderOptions, readSize: Int) {
        buffer = ScanBuffer(source: source, readSize: readSize, maximumLineLength: options.maximumLineLength)
        parser = TraceLineParser(maximumDepth: options.maximumDepth)
        self.options = options
        fastNesting = FastJSONValidator.nesting(maximumDepth: options.maximumDepth)
    }

    /// Scans `source` from its start, as a new scanner would, in the same buffer.
    mutating func reuse(for source: ScanSource, readSize: Int) {
        buffer.reuse(for: source, readSize: readSize)
        report = ChunkReport()
    }

    /// Hands every event to `consumer`, to the end of the lines or their first problem.
    mutating func scan<C: TraceScanConsumer>(into consumer: inout C) {
        defer { consumer.bufferWillChange() }
        while let event = nextEvent(beforeRefill: { consumer.bufferWillChange() }) {
            consumer.consume(event)
        }
    }

    /// The next event; `nil` at the end, at a problem (`report.problem`) or at a truncated last line
    /// (`report.truncatedLine`). Its bytes are valid until the next call; `beforeRefill` runs before they move.
    @inline(__always)
    mutating func nextEvent(beforeRefill: () -> Void) -> TraceScanEvent? {
        while report.problem == nil, report.truncatedLine == nil {
            if report.order.terminal == nil, let event = fastEvent() { return event }
            guard let (line, terminated) = nextLine(beforeRefill: beforeRefill) else { return nil }
            if let event = exactEvent(line, terminated: terminated) { return event }
        }
        return nil
    }

    /// The fast path for the line at the buffer's start, if it takes it.
    @inline(__always)
    private mutating func fastEvent() -> TraceScanEvent? {
        let start = buffer.start
        let validator = FastJSONValidator(base: buffer.base, maximumNesting: fastNesting, wide: wide)
        let parsed = FastEventLine.parse(validator, at: start)
        guard let fast = parsed, fast.next &- 1 &- start <= options.maximumLineLength else { return nil }
        let count = report.order.eventCount
        // What EventOrder.check would refuse goes to the exact path, which says why.
        if count > 0 {
            guard fast.nanoseconds >= report.order.lastTime, fast.kind != .subscribe else { return nil }
        }
        report.lineCount &+= 1
        buffer.start = fast.next
        return accept(
            fast.nanoseconds, fast.kind, line: report.lineCount, timeColumn: FastEventLine.timeColumn,
            text: UnsafeRawBufferPointer(start: buffer.base + start, count: fast.contentEnd &- start),
            valueRange: fast.kind == .value ? (fast.valueStart &- start)..<(fast.valueEnd &- start) : nil)
    }

    /// Counts an event that keeps the rules (the first one also starts the report) and hands it out.
    @inline(__always)
    private mutating func accept(
        _ nanoseconds: Int64, _ kind: EventKind, line: Int, timeColumn: Int, text: UnsafeRawBufferPointer,
        valueRange: Range<Int>?
    ) -> TraceScanEvent {
        let count = report.order.eventCount
        if count == 0 {
            report.firstContentLine = line
            report.firstEvent = (nanoseconds, kind, line, timeColumn)
        }
        report.order.record(nanoseconds: nanoseconds, kind: kind, line: line)
        return TraceScanEvent(
            nanoseconds: nanoseconds, kind: kind, line: line, index: count, text: text, valueRange: valueRange,
            maximumDepth: options.maximumDepth)
    }

    /// The exact parser's event for a line `nextLine()` cut; `nil` for a blank line, a problem or a truncated tail.
    private mutating func exactEvent(_ bytes: UnsafeRawBufferPointer, terminated: Bool) -> TraceScanEvent? {
        guard let line = Self.content(of: bytes, terminated: terminated, lineNumber: nil) else { return nil }
        let number = report.lineCount
        if report.firstContentLine == nil { report.firstContentLine = number }
        if let problem = report.order.afterTerminal(line: number) {
            report.problem = problem
            return nil
        }
        let parsed: TraceLineParser.ParsedEvent
        do {
            parsed = try parser.parseEvent(line)
        } catch {
            // A cut last line may break a rule before its syntax ({"t":-1 …): a truncated tail is one not JSON.
            if !terminated, !Self.isValidJSON(line, maximumDepth: options.maximumDepth) {
                report.truncatedLine = number
            } else {
                report.problem = .error(problem(error, line: number, in: line))
            }
            return nil
        }
        exactSequence = (number, parsed.sequence)
        let timeColumn = Self.column(of: parsed.timeOffset, in: line)
        if let problem = report.order.check(
            nanoseconds: parsed.nanoseconds, kind: parsed.kind, line: number, timeColumn: timeColumn)
        {
            report.problem = problem
            return nil
        }
        return accept(
            parsed.nanoseconds, parsed.kind, line: number, timeColumn: timeColumn, text: line,
            valueRange: parsed.valueRange)
    }

    /// The parser's problem with `line`, as an error at its line and column (of `file`, or of a chunk: "").
    func problem(
        _ problem: TraceLineParser.Problem, line number: Int, in line: UnsafeRawBufferPointer, file: String = ""
    ) -> TraceReadError {
        TraceReadError(
            kind: problem.kind, file: file, line: number, column: Self.column(of: problem.offset, in: line),
            message: problem.message)
    }
}

/// The header: the first non-blank line, read before any event.
extension TraceScanner {
    /// Reads through the header line; `report.lineCount` is then the lines it took, the buffer at the first event.
    mutating func readHeader(file: String) throws(TraceReadError) -> TraceHeader {
        while true {
            let next = nextLine()
            if let problem = report.problem { throw problem.error(file: file, lineOffset: 0, eventOffset: 0) }
            guard let (bytes, terminated) = next else {
                throw TraceReadError(
                    kind: .notATrace, file: file, line: max(report.lineCount, 1), column: 1,
                    message: "empty trace: expected a header line {\"streamtrace\":1,...}")
            }
            guard let line = Self.content(of: bytes, terminated: terminated, lineNumber: report.lineCount) else {
                continue
            }
            do {
                return try parser.parseHeader(line)
            } catch {
                var failure = problem(error, line: report.lineCount, in: line, file: file)
                if !terminated, error.kind == .notATrace, !Self.isValidJSON(line, maximumDepth: options.maximumDepth) {
                    // The writer died while writing the header: nothing was recorded.
                    failure.message = "the header line is truncated (no newline, not valid JSON): \(error.message)"
                }
                throw failure
            }
        }
    }
}

/// Lines: where each ends, how long one may be, what of it is content.
extension TraceScanner {
    /// The next line without its `\n`, and whether it had one; `nil` at the end of the lines, or at a line over the
    /// limit or a read error (`report.problem` set). Valid until the next call; `beforeRefill` runs before it moves.
    mutating func nextLine(beforeRefill: () -> Void = {}) -> (UnsafeRawBufferPointer, Bool)? {
        let limit = options.maximumLineLength
        // Bytes at the start known to hold no `\n`: a long line in many small reads (a pipe's) is searched once.
        var searched = 0
        while true {
            let start = buffer.start
            let pending = buffer.end - start
            if let found = memchr(buffer.base + start + searched, 0x0A, pending - searched) {
                let newline = buffer.base.distance(to: found)
                report.lineCount += 1
                guard newline - start <= limit else { return tooLong(report.lineCount) }
                buffer.start = newline + 1
                return (UnsafeRawBufferPointer(start: buffer.base + start, count: newline - start), true)
            }
            searched = pending
            if buffer.atEOF {
                guard pending > 0 else { return nil }
                report.lineCount += 1
                guard pending <= limit else { return tooLong(report.lineCount) }
                buffer.start = buffer.end
                return (UnsafeRawBufferPointer(start: buffer.base + start, count: pending), false)
            }
            guard pending <= limit else { return tooLong(report.lineCount + 1) }
            if let shouldStop, shouldStop() {
                report.stopped = true
                return nil
            }
            beforeRefill()
            do {
                _ = try buffer.fill()
            } catch {
                report.problem = .error(
                    TraceReadError(
                        kind: .unreadable, file: "", line: report.lineCount + 1, column: 1,
                        message: "cannot read: \(error.message)"))
                return nil
            }
        }
    }

    private mutating func tooLong(_ line: Int) -> (UnsafeRawBufferPointer, Bool)? {
        report.problem = .error(
            TraceReadError(
                kind: .lineTooLong, file: "", line: line, column: 1,
                message: "line is longer than the limit of \(Self.formatBytes(options.maximumLineLength))B"))
        return nil
    }

    /// A line's content, without the `\r` of a `\r\n` end and, on line 1, a byte-order mark; `nil` when nothing but
    /// spaces, tabs and `\r` is left.
    static func content(of bytes: UnsafeRawBufferPointer, terminated: Bool, lineNumber: Int?)
        -> UnsafeRawBufferPointer?
    {
        var line = bytes
        if lineNumber == 1, line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF {
            line = UnsafeRawBufferPointer(rebasing: line[3...])
        }
        if terminated, let last = line.last, last == 0x0D {
            line = UnsafeRawBufferPointer(rebasing: line[..<(line.count - 1)])
        }
        return line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) ? nil : line
    }

    /// The 1-based character column of a byte offset (UTF-8 continuation bytes do not count).
    static func column(of offset: Int, in bytes: UnsafeRawBufferPointer) -> Int {
        var column = 1
        for i in 0..<min(offset, bytes.count) where bytes[i] & 0xC0 != 0x80 { column += 1 }
        return column
    }

    /// Whether a line is one JSON value: an unterminated line that is not is a tail cut off mid-write.
    static func isValidJSON(_ line: UnsafeRawBufferPointer, maximumDepth: Int) -> Bool {
        var parser = JSONParser(line, maximumDepth: maximumDepth)
        do {
            try parser.skipValue()
            try parser.expectEnd()
            return true
        } catch {
            return false
        }
    }

    /// `16 Mi`, `64 Ki` or `1000 `: a byte count as the limit's message says it.
    static func formatBytes(_ count: Int) -> String {
        count % (1 << 20) == 0 ? "\(count >> 20) Mi" : count % 1024 == 0 ? "\(count >> 10) Ki" : "\(count) "
    }
}
