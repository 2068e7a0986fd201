#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads lines from a file descriptor or bytes in large chunks, without
/// ever holding more than one chunk plus one line.
final class LineSource {
    @exclusivity(unchecked) private var buffer: UnsafeMutableRawPointer
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var start = 0
    @exclusivity(unchecked) private var end = 0
    @exclusivity(unchecked) private var atEOF = false
    private let fd: Int32
    /// Reads into a buffer instead of `read(2)` on `fd`: bytes read, 0 at
    /// the end, -1 with `errno` on an error.
    private let readInto: ((UnsafeMutableRawPointer, Int) -> Int)?
    private let ownsDescriptor: Bool
    private let maximumLineLength: Int
    private let chunkSize: Int
    /// The 1-based number of the last line returned.
    @exclusivity(unchecked) private(set) var lineNumber = 0

    enum Failure: Error {
        case lineTooLong(line: Int)
        case io(line: Int, message: String)
    }

    init(fileDescriptor: Int32, ownsDescriptor: Bool, options: TraceReaderOptions) {
        self.fd = fileDescriptor
        self.readInto = nil
        self.ownsDescriptor = ownsDescriptor
        self.maximumLineLength = options.maximumLineLength
        self.chunkSize = max(options.chunkSize, 4096)
        self.capacity = self.chunkSize
        self.buffer = .allocate(byteCount: capacity, alignment: 16)
    }

    /// A source that reads with `read` (which may wait for more to be
    /// written: `show --follow`).
    init(reading read: @escaping (UnsafeMutableRawPointer, Int) -> Int, options: TraceReaderOptions) {
        self.fd = -1
        self.readInto = read
        self.ownsDescriptor = false
        self.maximumLineLength = options.maximumLineLength
        self.chunkSize = max(options.chunkSize, 4096)
        self.capacity = self.chunkSize
        self.buffer = .allocate(byteCount: capacity, alignment: 16)
    }

    /// A source over bytes already in memory.
    init(bytes: [UInt8], options: TraceReaderOptions) {
        self.fd = -1
        self.readInto = nil
        self.ownsDescriptor = false
        self.maximumLineLength = options.maximumLineLength
        self.chunkSize = max(options.chunkSize, 4096)
        self.capacity = max(bytes.count, 1)
        self.buffer = .allocate(byteCount: capacity, alignment: 16)
        bytes.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        self.end = bytes.count
        self.atEOF = true
    }

    deinit {
        buffer.deallocate()
        if ownsDescriptor { close(fd) }
    }

    /// The next line without its `\n` (a trailing `\r` is kept), and whether
    /// it ended with `\n`; `nil` at the end. The bytes are valid until the
    /// next call.
    func nextLine() throws(Failure) -> (bytes: UnsafeRawBufferPointer, terminated: Bool)? {
        while true {
            let pending = end - start
            if pending > 0, let newline = memchr(buffer + start, 0x0A, pending) {
                let length = buffer.distance(to: newline) - start
                let line = UnsafeRawBufferPointer(start: buffer + start, count: length)
                start += length + 1
                lineNumber += 1
                if length > maximumLineLength { throw .lineTooLong(line: lineNumber) }
                return (line, true)
            }
            if atEOF {
                guard pending > 0 else { return nil }
                lineNumber += 1
                if pending > maximumLineLength { throw .lineTooLong(line: lineNumber) }
                let line = UnsafeRawBufferPointer(start: buffer + start, count: pending)
                start = end
                return (line, false)
            }
            if pending > maximumLineLength { throw .lineTooLong(line: lineNumber + 1) }
            try fill()
        }
    }

    /// Moves the unread bytes to the front, grows the buffer if a line does
    /// not fit, and reads one more chunk.
    private func fill() throws(Failure) {
        if start > 0 {
            let pending = end - start
            if pending > 0 { memmove(buffer, buffer + start, pending) }
            start = 0
            end = pending
        }
        if capacity - end < chunkSize / 2 {
            let newCapacity = min(capacity * 2, maximumLineLength + chunkSize + 1)
            if newCapacity > capacity {
                let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
                grown.copyMemory(from: buffer, byteCount: end)
                buffer.deallocate()
                buffer = grown
                capacity = newCapacity
            }
        }
        while true {
            let n = readInto?(buffer + end, capacity - end) ?? read(fd, buffer + end, capacity - end)
            if n > 0 {
                end += n
                return
            }
            if n == 0 {
                atEOF = true
                return
            }
            if errno == EINTR { continue }
            throw .io(line: lineNumber + 1, message: String(cString: strerror(errno)))
        }
    }
}
