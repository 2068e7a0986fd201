import StreamTrace

/// A report written to a file (`--xunit-output`, the step summary), buffered, every write checked: a failure is an
/// ``OutputError`` naming the file (exit status 3).
final class ReportFile {
    let path: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []

    /// Opens `path` for writing: emptied, or appended to.
    init(path: String, append: Bool = false) throws(OutputError) {
        self.path = path
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC)
        descriptor = CommandLineArguments.open(path, flags, mode: 0o644)
        guard descriptor >= 0 else { throw OutputError(code: errno, file: path) }
    }

    deinit {
        if descriptor >= 0 { SystemCall.close(descriptor) }
    }

    func write(_ text: String) throws(OutputError) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { try flush() }
    }

    func flush() throws(OutputError) {
        guard !buffer.isEmpty else { return }
        let failure = buffer.withUnsafeBytes { SystemCall.writeAll($0, to: descriptor) }
        buffer.removeAll(keepingCapacity: true)
        if let failure { throw OutputError(code: failure, file: path) }
    }

    func close() throws(OutputError) {
        defer {
            if descriptor >= 0 { SystemCall.close(descriptor) }
            descriptor = -1
        }
        try flush()
    }
}
