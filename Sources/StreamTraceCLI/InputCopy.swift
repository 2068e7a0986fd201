import StreamTrace

/// A stream (standard input, a FIFO, a process substitution) copied to a temporary file as its first pass reads it, for
/// later passes: on disk, not in memory, and only as far as the first pass read, so an endless input is never copied
/// endlessly. The file has no name (``TemporaryFile``): a command stopped by a signal leaves nothing behind.
final class InputCopy {
    private let name: String
    private let source: Int32
    private let output: Int32
    private var isComplete = false
    /// Whether the last failure was writing the copy, not reading the stream.
    private var copyFailed = false

    /// A copy of `source` (which the copy closes) for the trace `name`.
    init(of source: Int32, name: String) throws(TraceReadError) {
        // TMPDIR (else /tmp) by its bytes, which need not be UTF-8 (see CommandLineArguments).
        let directory = CommandLineArguments.pathBytes(Environment.path("TMPDIR") ?? "/tmp")
        let output = TemporaryFile.open(in: directory, prefix: "streamtrace-input")
        guard output >= 0 else {
            close(source)
            throw TraceFile.readFailure(name, errno, "cannot make a temporary copy")
        }
        self.name = name
        self.source = source
        self.output = output
    }

    deinit {
        close(source)
        close(output)
    }

    /// The copy, from its start, on a descriptor of its own for a later pass (after ``finish()``); passes read in turn.
    func open() throws(TraceReadError) -> Int32 {
        guard lseek(output, 0, SEEK_SET) == 0 else { throw TraceFile.readFailure(name, errno) }
        let fd = dup(output)
        guard fd >= 0 else { throw TraceFile.openFailure(name, errno) }
        return fd
    }

    /// Reads as `read(2)` does from the stream, copying what it read; a failed copy is a failed read (`errno` set).
    func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        let n = SystemCall.read(source, buffer, count)
        if n == 0 { isComplete = true }
        guard n > 0 else { return n }
        if let code = SystemCall.writeAll(UnsafeRawBufferPointer(start: buffer, count: n), to: output) {
            copyFailed = true
            errno = code
            return -1
        }
        return n
    }

    /// Copies the rest of the stream, if the first pass left some, so that a later pass reads the whole stream.
    func finish() throws(TraceReadError) {
        let chunk = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { chunk.deallocate() }
        while !isComplete {
            if read(into: chunk, count: 1 << 20) < 0, errno != EINTR {
                throw TraceFile.readFailure(name, errno, copyFailed ? "cannot make a temporary copy" : "cannot read")
            }
        }
    }
}
