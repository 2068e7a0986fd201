#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where a `check` pass puts the values it must keep that are too long to
/// keep in memory (over ``RecentValues/longest``): an anonymous temporary
/// file (`tmpfile()`: unlinked at once, gone with the process), made the
/// first time a value needs it. A result holds such a value as its place
/// in the spool (``ValuePlace``), and a report writes it from there in
/// pieces, so memory holds no copy of it, whatever the input: a regular
/// file, standard input or a FIFO, which cannot be read again.
///
/// When the spool cannot be made or written (no temporary directory, a
/// full disk), the pass keeps the value in memory and its result says
/// why in ``failure``: the checker then fails the trace with that one line
/// instead of holding values in memory unannounced.
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

    /// Writes `bytes` at the spool's end: their place, or `nil` when the
    /// spool cannot be made or written (``failure`` says why).
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
        guard let file = tmpfile() else {
            failed = "cannot create a temporary file to keep a value over 64 KiB: " + Self.reason(errno)
            return false
        }
        fd = dup(fileno(file))
        fclose(file)
        guard fd >= 0 else {
            failed = "cannot create a temporary file to keep a value over 64 KiB: " + Self.reason(errno)
            return false
        }
        return true
    }

    /// Reads `range` into `buffer` (its count): whether it read it all.
    func read(_ range: Range<Int>, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
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
