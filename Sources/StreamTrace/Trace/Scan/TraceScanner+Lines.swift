/// Lines: where each ends, how long one may be, what of it is content.
extension TraceScanner {
    /// The next line without its `\n`, and whether it had one; `nil` at
    /// the end of the lines, or at a line over the limit or an error
    /// reading (then `report.problem` is set). Valid until the next call;
    /// `beforeRefill` runs before the buffer's bytes move.
    mutating func nextLine(beforeRefill: () -> Void = {}) -> (UnsafeRawBufferPointer, Bool)? {
        let limit = options.maximumLineLength
        // Bytes at the buffer's start known to hold no `\n`: a long line
        // read in many small reads (a pipe's) is searched once, not once a read.
        var searched = 0
        while true {
            let start = buffer.start
            let pending = buffer.end - start
            if let newline = ByteVector.firstNewline(buffer.base, from: start + searched, before: buffer.end) {
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
                switch error {
                case .io(let message):
                    report.problem = .error(
                        TraceReadError(
                            kind: .unreadable, file: "", line: report.lineCount + 1, column: 1,
                            message: "cannot read: \(message)"))
                    return nil
                }
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

    /// A line's content: without the `\r` of a `\r\n` line end, and on the
    /// trace's first line (`lineNumber` 1) without a byte-order mark;
    /// `nil` when nothing but spaces, tabs and `\r` is left.
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

    /// The 1-based character column of a byte offset: continuation bytes of
    /// UTF-8 do not count.
    static func column(of offset: Int, in bytes: UnsafeRawBufferPointer) -> Int {
        var column = 1
        for i in 0..<min(offset, bytes.count) where bytes[i] & 0xC0 != 0x80 { column += 1 }
        return column
    }

    /// Whether a line is one JSON value: a line without a newline that is
    /// not is a tail cut off mid-write.
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
