import Dispatch
import StreamTrace

/// Two regular files that hold the same bytes: `diff` of a trace with a copy of itself then checks one of them with the
/// parallel scanner instead of comparing them event by event.
enum IdenticalFiles {
    /// The outcome of comparing `expected` and `actual` if both are regular files with the same bytes; `nil` otherwise,
    /// or if either cannot be read (the event-by-event comparison words that).
    static func compare(_ expected: String, _ actual: String, time: TimeComparison) -> DiffOutcome? {
        // Asked by path first: opening and closing a FIFO here would take its writer's bytes, or end its writing.
        guard TraceInput.isRegularFile(expected), TraceInput.isRegularFile(actual) else { return nil }
        let (left, right) = (CommandLineArguments.open(expected, O_RDONLY), CommandLineArguments.open(actual, O_RDONLY))
        defer {
            if left >= 0 { close(left) }
            if right >= 0 { close(right) }
        }
        guard left >= 0, right >= 0, let size = sameBytes(left, right) else { return nil }
        let (expectedName, actualName) = (TraceInput.name(of: expected), TraceInput.name(of: actual))
        do throws(TraceReadError) {
            let (comparison, warnings) = try TraceComparison.identical(
                left, size: size, expectedFile: expectedName, actualFile: actualName, time: time)
            return .compared(comparison, warnings: warnings)
        } catch {
            return .unreadable(error)
        }
    }

    /// The size of two descriptors that are regular files of one size and the same bytes, else `nil`: the files are cut
    /// into one range per core, compared in parallel a megabyte at a time, each range stopping once one differs. Both
    /// must still end at that size when the ranges agree: a trace being recorded grows while it is compared.
    private static func sameBytes(_ left: Int32, _ right: Int32) -> Int? {
        var (a, b) = (stat(), stat())
        guard fstat(left, &a) == 0, fstat(right, &b) == 0, a.st_mode & S_IFMT == S_IFREG,
            b.st_mode & S_IFMT == S_IFREG, a.st_size == b.st_size
        else { return nil }
        let size = Int(a.st_size)
        // A range a core, none under 8 MiB.
        let ranges = max(1, min(Jobs.cores, size >> 23))
        let differs = LatchedFlag()
        DispatchQueue.concurrentPerform(iterations: ranges) { index in
            let (start, end) = (size / ranges * index, index == ranges - 1 ? size : size / ranges * (index + 1))
            if !sameBytes(left, right, from: start, to: end, unless: differs) { differs.set() }
        }
        var byte: UInt8 = 0
        guard !differs.isSet, pread(left, &byte, 1, off_t(size)) == 0, pread(right, &byte, 1, off_t(size)) == 0
        else { return nil }
        return size
    }

    /// Whether the files hold the same bytes from `start` to `end`, read a megabyte at a time while `other` is unset.
    private static func sameBytes(
        _ left: Int32, _ right: Int32, from start: Int, to end: Int, unless other: LatchedFlag
    ) -> Bool {
        let size = 1 << 20
        let x = UnsafeMutableRawPointer.allocate(byteCount: 2 * size, alignment: 16)
        defer { x.deallocate() }
        let y = x + size
        var offset = start
        while offset < end, !other.isSet {
            let wanted = min(size, end - offset)
            guard readFully(left, x, wanted, at: offset) == wanted, readFully(right, y, wanted, at: offset) == wanted,
                memcmp(x, y, wanted) == 0
            else { return false }
            offset += wanted
        }
        return true
    }

    /// Reads up to `count` bytes at `offset` (fewer only at the end); -1 on an error.
    private static func readFully(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, at offset: Int) -> Int {
        var done = 0
        while done < count {
            let n = pread(fd, buffer + done, count - done, off_t(offset + done))
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
