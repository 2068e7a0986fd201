#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where a scanner's bytes come from: a range of a regular file (`pread`, so scanners share one descriptor), a stream
/// (`read`: standard input, a FIFO, a file from its current offset), a `read`-like function (`show --follow`), or
/// bytes in memory (copied piece by piece, so that tests exercise the same refills as files).
enum ScanSource: @unchecked Sendable {
    case file(fd: Int32, range: Range<Int>)
    case stream(fd: Int32)
    case reading((UnsafeMutableRawPointer, Int) -> Int)
    case memory(UnsafeRawBufferPointer, range: Range<Int>)

    /// The bytes a file or memory source reads; `nil` for a stream.
    var range: Range<Int>? {
        switch self {
        case .file(_, let range), .memory(_, let range): range
        case .stream, .reading: nil
        }
    }

    /// The same source, read only over `range` (a file's or memory's).
    func restricted(to range: Range<Int>) -> ScanSource {
        switch self {
        case .file(let fd, _): .file(fd: fd, range: range)
        case .memory(let bytes, _): .memory(bytes, range: range)
        case .stream, .reading: self
        }
    }
}

/// A window on a source's bytes that always ends in a NUL sentinel and readable padding, so the fast path can load
/// 16–64 bytes at a time without bounds checks (``ByteVector``). It holds one read plus the unfinished line before
/// it, growing only for a longer line and never past the longest line allowed plus one read (and its slack,
/// ``room(for:)``).
struct ScanBuffer: ~Copyable {
    static let padding = 128

    private(set) var base: UnsafeMutableRawPointer
    private var capacity: Int
    /// The unread bytes are `start..<end`; `base[end]` is 0.
    var start = 0
    private(set) var end = 0
    private(set) var atEOF = false
    private var source: ScanSource
    /// The source offset of `base[end]`.
    private(set) var sourceOffset: Int
    private var readSize: Int
    private let maximumLineLength: Int

    init(source: ScanSource, readSize: Int, maximumLineLength: Int) {
        self.maximumLineLength = maximumLineLength
        capacity = Self.room(for: max(readSize, 1))
        base = Self.map(capacity + Self.padding)
        (self.source, self.readSize, sourceOffset) = (source, capacity, 0)  // then set as a reuse sets them
        reuse(for: source, readSize: readSize)
    }

    deinit { munmap(base, capacity + Self.padding) }

    /// Reads `source` from its start from now on, in reads of `readSize`, in the same memory (grown if needed): a
    /// worker that scans one block after another maps its buffer once.
    mutating func reuse(for source: ScanSource, readSize: Int) {
        self.source = source
        self.readSize = max(readSize, 1)
        sourceOffset = source.range?.lowerBound ?? 0
        start = 0
        end = 0
        atEOF = false
        if self.readSize > capacity { grow(to: Self.room(for: self.readSize)) }
        base.storeBytes(of: 0, toByteOffset: 0, as: UInt8.self)  // the sentinel: nothing read yet
    }

    /// The capacity a buffer is made or grown with for reads of `readSize`: a sixteenth more, in whole pages. A block
    /// ends at the first line end after its nominal size, so blocks differ by a line's bytes: a buffer made for
    /// exactly one block would be mapped anew (and its pages faulted in again) for each block a few bytes longer than
    /// any before.
    static func room(for readSize: Int) -> Int {
        let page = 4096
        return (readSize + readSize / 16 + page - 1) / page * page
    }

    /// Zeroed memory straight from the kernel, given back at once by `munmap`: with `malloc`, each scanning thread
    /// would keep freed buffers in an arena of its own, and peak memory would grow with the number of chunks.
    private static func map(_ byteCount: Int) -> UnsafeMutableRawPointer {
        guard let pointer = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            pointer != MAP_FAILED
        else { fatalError("out of memory: cannot map \(byteCount) bytes") }
        return pointer
    }

    /// Whether a file's or memory's range has been read to its end.
    private var isExhausted: Bool { source.range.map { sourceOffset >= $0.upperBound } ?? false }

    /// The source offset of `base[start]`.
    var startOffset: Int { sourceOffset - (end - start) }

    /// Keeps the unread bytes and reads more after them; false at the end of the source (then `atEOF` is set).
    mutating func fill() throws(ScanFailure) -> Bool {
        if start > 0 {
            let pending = end - start
            if pending > 0 { memmove(base, base + start, pending) }
            start = 0
            end = pending
        }
        // Grown only when less than half a read fits after an unfinished line: one read long unless a line is longer.
        if capacity - end < max(readSize / 2, 1) {
            grow(to: min(max(capacity * 2, end + readSize), max(maximumLineLength + readSize + 1, end + 1)))
        }
        let count = try read(into: base + end, count: capacity - end)
        end += count
        sourceOffset += count
        base.storeBytes(of: 0, toByteOffset: end, as: UInt8.self)
        // A range known to be read to its end needs no read that finds nothing, nor a move of the bytes before it:
        // a block's events stay where they are until their turn.
        if count == 0 || isExhausted { atEOF = true }
        return count > 0
    }

    private mutating func grow(to newCapacity: Int) {
        guard newCapacity > capacity else { return }
        let grown = Self.map(newCapacity + Self.padding)
        grown.copyMemory(from: base, byteCount: end)
        munmap(base, capacity + Self.padding)
        base = grown
        capacity = newCapacity
    }

    private func read(into pointer: UnsafeMutableRawPointer, count: Int) throws(ScanFailure) -> Int {
        switch source {
        case .memory(let bytes, let range):
            let n = min(count, readSize, range.upperBound - sourceOffset)
            if n > 0 { pointer.copyMemory(from: bytes.baseAddress! + sourceOffset, byteCount: n) }
            return n
        case .file(let fd, let range):
            let wanted = min(count, range.upperBound - sourceOffset)
            guard wanted > 0 else { return 0 }
            let offset = off_t(sourceOffset)
            return try Self.retrying { pread(fd, pointer, wanted, offset) }
        case .stream(let fd):
            return try Self.retrying { SystemCall.read(fd, pointer, count) }
        case .reading(let read):
            return try Self.retrying { read(pointer, count) }
        }
    }

    /// `read`'s result, read again when a signal interrupted it.
    private static func retrying(_ read: () -> Int) throws(ScanFailure) -> Int {
        while true {
            let n = read()
            if n >= 0 { return n }
            if errno != EINTR { throw ScanFailure(message: String(cString: strerror(errno))) }
        }
    }
}

/// Why a buffer could not deliver a line: the system's words for a failed read.
struct ScanFailure: Error {
    let message: String
}
