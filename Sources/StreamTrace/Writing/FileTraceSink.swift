#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A sink that writes a trace file.
///
/// Lines are buffered and written whole, so a process that dies leaves a
/// valid trace, at worst with a truncated last line. The buffer is flushed
/// when it fills, on the terminal event, on ``flush()``, on ``close()`` and
/// when the sink is released; `flushEveryEvent` flushes after each line.
///
/// ```swift
/// let sink = try FileTraceSink(path: "search.trace.jsonl")
/// let recorder = Recorder<String, Never>(name: "search", sink: sink)
/// ```
public final class FileTraceSink: TraceSink, @unchecked Sendable {
    /// The file's path.
    public let path: String
    private let lock = Lock()
    private var fd: Int32
    private var buffer: [UInt8] = []
    private let bufferSize: Int
    private let flushEveryEvent: Bool
    private var writeError: String?

    /// Why the sink could not be opened.
    public struct OpenError: Error, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
        public var description: String { "\(path): cannot create trace file: \(reason)" }
    }

    /// Creates (or truncates) the file at `path`.
    public init(path: String, flushEveryEvent: Bool = false, bufferSize: Int = 64 << 10) throws(OpenError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw OpenError(path: path, reason: String(cString: strerror(errno))) }
        self.fd = fd
        self.path = path
        self.flushEveryEvent = flushEveryEvent
        self.bufferSize = max(bufferSize, 1)
        buffer.reserveCapacity(self.bufferSize)
    }

    deinit {
        closeLocked()
    }

    /// The first write error, if any (for example a full disk).
    public var lastError: String? {
        lock.lock()
        defer { lock.unlock() }
        return writeError
    }

    public func write(line: UnsafeRawBufferPointer, isTerminal: Bool) {
        lock.lock()
        defer { lock.unlock() }
        guard fd >= 0 else { return }
        if buffer.count + line.count + 1 > bufferSize, !buffer.isEmpty { flushLocked() }
        buffer.append(contentsOf: line)
        buffer.append(0x0A)
        if isTerminal || flushEveryEvent || buffer.count >= bufferSize { flushLocked() }
    }

    public func flush() {
        lock.lock()
        flushLocked()
        lock.unlock()
    }

    public func close() {
        lock.lock()
        closeLocked()
        lock.unlock()
    }

    private func closeLocked() {
        guard fd >= 0 else { return }
        flushLocked()
        SystemCall.close(fd)
        fd = -1
    }

    private func flushLocked() {
        guard fd >= 0, !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = SystemCall.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n > 0 {
                    offset += n
                } else if n < 0, errno == EINTR {
                    continue
                } else {
                    if writeError == nil { writeError = String(cString: strerror(errno)) }
                    return
                }
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
