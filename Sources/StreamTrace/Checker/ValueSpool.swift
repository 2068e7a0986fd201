#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where a `check` pass puts values over ``RecentValues/longest``: a file with no name in `TMPDIR` (else `/tmp`,
/// ``TemporaryFile``), made when first needed, read back through ``ValuePlace``s so that memory holds no copy, even of
/// input that cannot be read again. If it cannot be made or written, the value stays in memory and ``failure`` says
/// why, for the checker to fail the trace with.
package final class ValueSpool: @unchecked Sendable {
    private let lock = Lock()
    private var fd: Int32 = -1
    private var end = 0
    private var failed: String?

    package init() {}

    deinit {
        if fd >= 0 { close(fd) }
    }

    /// Why a value could not be spooled, if one could not.
    package var failure: String? { lock.withLock { failed } }

    /// Writes `bytes` at the spool's end: their place, or `nil` if the spool cannot be made or written (``failure``).
    package func append(_ bytes: UnsafeRawBufferPointer) -> ValuePlace? {
        let range: Range<Int>? = lock.withLock {
            guard failed == nil else { return nil }
            if fd < 0, !open() { return nil }
            var written = 0
            while written < bytes.count {
                let count = pwrite(fd, bytes.baseAddress! + written, bytes.count - written, off_t(end + written))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    failed = "cannot keep a value over 64 KiB in a temporary file: " + Self.reason(errno)
                    return nil
                }
                written += count
            }
            defer { end += bytes.count }
            return end..<(end + bytes.count)
        }
        return range.map { ValuePlace(spool: self, range: $0) }
    }

    /// Opens the temporary file; false, with ``failed`` set, if it cannot.
    private func open() -> Bool {
        let directory = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        fd = TemporaryFile.open(in: Array(directory.utf8), prefix: "streamtrace-values")
        guard fd >= 0 else {
            failed = "cannot create a temporary file in \(directory) to keep a value over 64 KiB: " + Self.reason(errno)
            return false
        }
        return true
    }

    /// Reads `range` into `buffer` (its count): whether it read it all.
    func read(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        let fd = lock.withLock { self.fd }
        var done = 0
        while done < range.count {
            let count = pread(fd, buffer.baseAddress! + done, range.count - done, off_t(range.lowerBound + done))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
        }
        return true
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
