/// Scans the event lines of one chunk of a trace — a run of whole lines —
/// checking every line and every rule that lies within the chunk, and
/// hands each event to a ``TraceScanConsumer``.
///
/// Each line first goes through ``FastEventLine`` (the writer's layout,
/// values checked by ``FastJSONValidator``), straight from the read buffer
/// and without looking for the line end first: the fast path finds it
/// where the event's closing `}` must be followed by `\n`. A line the fast
/// path does not take — another layout, a problem, a rule broken, the end
/// of the buffer — is cut at its `\n` and goes through exactly what
/// ``TraceReader/nextHead()`` does with it (``TraceLineParser``), so that
/// results and messages are the reader's.
struct TraceChunkScanner: ~Copyable {
    var buffer: ScanBuffer
    let parser: TraceLineParser
    let options: TraceReaderOptions
    var report = ChunkReport()
    /// The classification of the buffer's blocks, reset at each refill.
    private var blocks = BlockClassifier()
    /// Asked before each read: true stops the scan (its result will not
    /// be used; see ``FirstProblem``).
    var shouldStop: (() -> Bool)?

    init(source: ScanSource, options: TraceReaderOptions, readSize: Int) {
        buffer = ScanBuffer(source: source, readSize: readSize, maximumLineLength: options.maximumLineLength)
        parser = TraceLineParser(maximumDepth: options.maximumDepth)
        self.options = options
    }

    /// Scans to the end of the chunk or its first problem.
    mutating func scan<C: TraceScanConsumer>(into consumer: inout C) {
        defer { consumer.bufferWillChange() }
        do {
            while report.problem == nil, report.truncatedLine == nil {
                if report.terminal == nil, takeFastLine(&consumer) { continue }
                guard let (line, terminated) = try nextLine(beforeRefill: { consumer.bufferWillChange() }) else {
                    return
                }
                slowLine(line, terminated: terminated, into: &consumer)
            }
        } catch {
            switch error {
            case .io(let message):
                report.problem = .error(
                    TraceReadError(
                        kind: .unreadable, file: "", line: report.lineCount + 1, column: 1,
                        message: "cannot read: \(message)"))
            }
        }
    }

    /// The fast path for the line at the buffer's start: true if it took it.
    @inline(__always)
    private mutating func takeFastLine<C: TraceScanConsumer>(_ consumer: inout C) -> Bool {
        let start = buffer.start
        var validator = FastJSONValidator(base: buffer.base, maximumDepth: options.maximumDepth, blocks: blocks)
        let parsed = FastEventLine.parse(&validator, at: start)
        blocks = validator.blocks
        guard let fast = parsed, fast.next - 1 - start <= options.maximumLineLength else { return false }
        let count = report.eventCount
        if count > 0 {
            guard fast.nanoseconds >= report.lastTime, fast.kind != .subscribe else { return false }
        }
        report.lineCount += 1
        let line = report.lineCount
        if count == 0 {
            report.firstContentLine = line
            report.firstEvent = (fast.nanoseconds, fast.kind, line, FastEventLine.timeColumn)
        }
        report.lastTime = fast.nanoseconds
        report.eventCount = count + 1
        if fast.kind.isTerminalKind { report.terminal = (fast.kind, line) }
        let text = UnsafeRawBufferPointer(start: buffer.base + start, count: fast.contentEnd - start)
        let range = fast.kind == .value ? (fast.valueStart - start)..<(fast.valueEnd - start) : nil
        consumer.consume(
            TraceScanEvent(
                nanoseconds: fast.nanoseconds, kind: fast.kind, line: line, index: count, text: text, valueRange: range,
                maximumDepth: options.maximumDepth))
        buffer.start = fast.next
        return true
    }

    /// The line after `nextLine()` cut it: ``TraceReader/nextHead()``'s steps.
    private mutating func slowLine<C: TraceScanConsumer>(
        _ bytes: UnsafeRawBufferPointer, terminated: Bool, into consumer: inout C
    ) {
        var line = bytes
        if terminated, let last = line.last, last == 0x0D {
            line = UnsafeRawBufferPointer(rebasing: line[..<(line.count - 1)])
        }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return }
        let number = report.lineCount
        if report.firstContentLine == nil { report.firstContentLine = number }
        if let terminal = report.terminal {
            report.problem = .afterTerminal(line: number, terminal: terminal.kind, terminalLine: terminal.line)
            return
        }
        let parsed: TraceLineParser.ParsedEvent
        do {
            parsed = try parser.parseEvent(line)
        } catch {
            if !terminated, !TraceReader.isValidJSON(line, maximumDepth: options.maximumDepth) {
                report.truncatedLine = number
            } else {
                report.problem = .error(
                    TraceReadError(
                        kind: error.kind, file: "", line: number,
                        column: TraceReader.column(of: error.offset, in: line),
                        message: error.message))
            }
            return
        }
        let count = report.eventCount
        let timeColumn = TraceReader.column(of: parsed.timeOffset, in: line)
        if count > 0, parsed.nanoseconds < report.lastTime {
            report.problem = .timeDecreased(
                line: number, column: timeColumn, from: report.lastTime, to: parsed.nanoseconds)
            return
        }
        if count > 0, parsed.kind == .subscribe {
            report.problem = .subscribeNotFirst(line: number, eventsBefore: count)
            return
        }
        if count == 0 { report.firstEvent = (parsed.nanoseconds, parsed.kind, number, timeColumn) }
        report.lastTime = parsed.nanoseconds
        report.eventCount = count + 1
        if parsed.kind.isTerminalKind { report.terminal = (parsed.kind, number) }
        consumer.consume(
            TraceScanEvent(
                nanoseconds: parsed.nanoseconds, kind: parsed.kind, line: number, index: count, demand: parsed.demand,
                text: line, valueRange: parsed.valueRange, maximumDepth: options.maximumDepth))
    }

    /// The next line without its `\n`, and whether it had one; `nil` at
    /// the end of the chunk or at a line over the limit (then the problem
    /// is set). Valid until the next call.
    /// `beforeRefill` runs before the buffer's bytes move.
    mutating func nextLine(beforeRefill: () -> Void = {}) throws(ScanFailure) -> (UnsafeRawBufferPointer, Bool)? {
        let limit = options.maximumLineLength
        while true {
            let start = buffer.start
            let pending = buffer.end - start
            if let newline = ByteVector.firstNewline(buffer.base, from: start, before: buffer.end) {
                report.lineCount += 1
                guard newline - start <= limit else { return tooLong(report.lineCount) }
                buffer.start = newline + 1
                return (UnsafeRawBufferPointer(start: buffer.base + start, count: newline - start), true)
            }
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
            blocks.reset()
            beforeRefill()
            _ = try buffer.fill()
        }
    }

    private mutating func tooLong(_ line: Int) -> (UnsafeRawBufferPointer, Bool)? {
        report.problem = .error(
            TraceReadError(
                kind: .lineTooLong, file: "", line: line, column: 1,
                message: "line is longer than the limit of \(TraceReader.formatBytes(options.maximumLineLength))B"))
        return nil
    }
}
