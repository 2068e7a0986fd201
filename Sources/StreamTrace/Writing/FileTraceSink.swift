#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A sink that writes a trace file.
///
/// Lines are buffered and written whole, so a process that dies leaves a valid trace, at worst with a truncated last
/// line. The buffer is flushed when it fills, on the terminal event, on ``flush()``, on ``close()`` and when the sink
/// is released; `flushEveryEvent` flushes after each line.
///
/// ```swift
/// let sink = try FileTraceSink(path: "search.trace.jsonl")
/// let recorder = Recorder<String, Never>(name: "search", sink: sink)
/// ```
public final class FileTraceSink: GroupMemberSink, @unchecked Sendable {
    package let path: String
    /// The group of a folder's sink (``TraceDirectory/sink(named:)``), which what writes to it joins.
    package let membership: GroupMembership?
    // Guarded by `lock`, so the runtime's exclusivity checks would only add cost. A recorder appends its lines here
    // directly (``appendLine(capacity:isTerminal:_:)``, inlined), not through `any TraceSink`.
    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var fd: Int32
    /// Whole lines not yet written, `count` bytes of `bufferSize`.
    @usableFromInline let buffer: UnsafeMutablePointer<UInt8>
    @usableFromInline @exclusivity(unchecked) var count = 0
    @usableFromInline let bufferSize: Int
    @usableFromInline let flushEveryEvent: Bool
    @exclusivity(unchecked) private var writeError: String?

    /// Why the sink could not be opened.
    public struct OpenError: Error, Equatable, CustomStringConvertible {
        package var path: String
        package var reason: String
        package init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
        public var description: String { "\(path): cannot create trace file: \(reason)" }
    }

    /// Creates (or truncates) the file at `path`.
    public convenience init(path: String, flushEveryEvent: Bool = false, bufferSize: Int = 64 << 10) throws(OpenError) {
        try self.init(path: path, flushEveryEvent: flushEveryEvent, bufferSize: bufferSize, membership: nil)
    }

    init(path: String, flushEveryEvent: Bool, bufferSize: Int, membership: GroupMembership?) throws(OpenError) {
        self.membership = membership
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw OpenError(path: path, reason: String(cString: strerror(errno))) }
        self.fd = fd
        self.path = path
        self.flushEveryEvent = flushEveryEvent
        self.bufferSize = max(bufferSize, 1)
        buffer = .allocate(capacity: self.bufferSize)
    }

    deinit {
        closeLocked()
        buffer.deallocate()
    }

    /// The first write error, if any (for example a full disk).
    public var lastError: String? {
        lock.withLock { writeError }
    }

    public func write(line: UnsafeRawBufferPointer, isTerminal: Bool) {
        appendLine(capacity: line.count, isTerminal: isTerminal) { destination in
            if let start = line.baseAddress {
                UnsafeMutableRawPointer(destination).copyMemory(from: start, byteCount: line.count)
            }
            return line.count
        }
    }

    /// Appends the line `body` writes at the pointer it is given (at most `capacity` bytes without the newline; it
    /// returns how many), straight into the buffer when it fits.
    @inlinable
    func appendLine(
        capacity: Int, isTerminal: Bool, _ body: (UnsafeMutablePointer<UInt8>) -> Int
    ) {
        lock.lock()
        defer { lock.unlock() }
        guard fd >= 0 else { return }
        if count &+ capacity &+ 1 > bufferSize, count > 0 { flushLocked() }
        if capacity &+ 1 > bufferSize {
            writeLongLocked(capacity: capacity, body)
        } else {
            let length = body(buffer + count)
            buffer[count &+ length] = 0x0A
            count &+= length &+ 1
        }
        if isTerminal || flushEveryEvent || count >= bufferSize { flushLocked() }
    }

    /// A line longer than the buffer: built apart and written with its newline in one write.
    @usableFromInline
    func writeLongLocked(capacity: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        let whole = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity + 1)
        defer { whole.deallocate() }
        let length = body(whole)
        whole[length] = 0x0A
        writeLocked(UnsafeRawBufferPointer(start: whole, count: length + 1))
    }

    public func flush() {
        lock.withLock { flushLocked() }
    }

    public func close() {
        lock.withLock { closeLocked() }
    }

    private func closeLocked() {
        guard fd >= 0 else { return }
        flushLocked()
        SystemCall.close(fd)
        fd = -1
    }

    @usableFromInline
    func flushLocked() {
        guard fd >= 0, count > 0 else { return }
        writeLocked(UnsafeRawBufferPointer(start: buffer, count: count))
        count = 0
    }

    /// Writes all of `bytes`, retrying short writes; keeps the first error.
    private func writeLocked(_ bytes: UnsafeRawBufferPointer) {
        if let code = SystemCall.writeAll(bytes, to: fd), writeError == nil {
            writeError = String(cString: strerror(code))
        }
    }
}
