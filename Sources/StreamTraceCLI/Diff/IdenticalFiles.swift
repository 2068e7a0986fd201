import StreamTrace

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Two regular files that hold the same bytes: `diff` of a trace with a
/// copy of itself then checks one of them (the parallel scanner) instead
/// of comparing them event by event — as fast as `cmp` and the scan.
enum IdenticalFiles {
    /// The comparison of `expected` and `actual` if both are regular
    /// files with the same bytes; `nil` otherwise (or if either cannot be
    /// read: the event-by-event comparison words that).
    static func compare(
        _ expected: String, _ actual: String, time: TimeComparison
    ) -> Result<(TraceComparison, [TraceReadWarning]), TraceReadError>? {
        // Asked by path first: opening a FIFO here and closing it would take
        // its writer's bytes (or end its writing) before the comparison reads it.
        guard expected != "-", actual != "-",
            [expected, actual].allSatisfy({ TraceFinder.fileType(CommandLineArguments.pathBytes($0)) == S_IFREG })
        else { return nil }
        let (left, right) = (CommandLineArguments.open(expected, O_RDONLY), CommandLineArguments.open(actual, O_RDONLY))
        defer {
            if left >= 0 { close(left) }
            if right >= 0 { close(right) }
        }
        guard left >= 0, right >= 0, sameBytes(left, right), lseek(left, 0, SEEK_SET) == 0 else { return nil }
        let (expectedName, actualName) = (TraceInput.name(of: expected), TraceInput.name(of: actual))
        return Result { () throws(TraceReadError) in
            try TraceComparison.identical(left, expectedFile: expectedName, actualFile: actualName, time: time)
        }
    }

    /// Whether two descriptors are regular files of one size and the same
    /// bytes, read a megabyte at a time.
    private static func sameBytes(_ left: Int32, _ right: Int32) -> Bool {
        var (a, b) = (stat(), stat())
        guard fstat(left, &a) == 0, fstat(right, &b) == 0, a.st_mode & S_IFMT == S_IFREG,
            b.st_mode & S_IFMT == S_IFREG, a.st_size == b.st_size
        else { return false }
        let size = 1 << 20
        let (x, y) = (
            UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16),
            UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        )
        defer {
            x.deallocate()
            y.deallocate()
        }
        while true {
            let count = readFully(left, x, size)
            guard count >= 0, readFully(right, y, size) == count else { return false }
            if count == 0 { return true }
            guard memcmp(x, y, count) == 0 else { return false }
        }
    }

    /// Reads up to `count` bytes (fewer only at the end); -1 on an error.
    private static func readFully(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        var done = 0
        while done < count {
            let n = read(fd, buffer + done, count - done)
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                return -1
            }
            done += n
        }
        return done
    }
}
