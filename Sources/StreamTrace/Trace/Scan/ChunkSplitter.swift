import Dispatch

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Splits the events of a regular file (or bytes in memory) into chunks of
/// whole lines: each border is moved from an even share of the bytes to
/// just after the next `\n`, so that no line straddles two chunks. Reading
/// for a border stops at that `\n`: 4 KiB, then 64 KiB at a time, in
/// constant memory.
enum ChunkSplitter {
    /// The chunks of `source` from `offset` on; empty when the source is a
    /// stream or too small to be worth splitting.
    static func split(_ source: ScanSource, from offset: Int, options: TraceScanOptions) -> [ScanSource] {
        let end: Int
        switch source {
        case .stream, .reading: return []
        case .file(_, let range), .memory(_, let range): end = range.upperBound
        }
        let length = end - offset
        let pieces = min(options.parallelism, length / options.minimumChunkBytes)
        guard pieces > 1 else { return [] }
        var borders = [offset]
        for k in 1..<pieces {
            let target = max(offset + Int((Int64(length) * Int64(k)) / Int64(pieces)), borders[borders.count - 1])
            borders.append(lineStart(atOrAfter: target, in: source, end: end))
        }
        borders.append(end)
        return (0..<pieces).map { k in
            let range = borders[k]..<borders[k + 1]
            switch source {
            case .file(let fd, _): return .file(fd: fd, range: range)
            case .memory(let bytes, _): return .memory(bytes, range: range)
            case .stream, .reading: return source
            }
        }
    }

    /// The first line start at or after `target`: just after the first
    /// `\n` at `target - 1` or later, or `end`.
    static func lineStart(atOrAfter target: Int, in source: ScanSource, end: Int) -> Int {
        var position = max(target - 1, 0)
        switch source {
        case .stream, .reading:
            return end
        case .memory(let bytes, _):
            guard position < end, let found = memchr(bytes.baseAddress! + position, 0x0A, end - position) else {
                return end
            }
            return bytes.baseAddress!.distance(to: UnsafeRawPointer(found)) + 1
        case .file(let fd, _):
            let size = 1 << 16
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
            defer { buffer.deallocate() }
            // 4 KiB first: most lines end there (`check` finds a border for
            // every block it reads, under the lock that hands blocks out).
            var wanted = 1 << 12
            while position < end {
                defer { wanted = size }
                let n = pread(fd, buffer, min(wanted, end - position), off_t(position))
                if n < 0, errno == EINTR { continue }
                // A read error here is met again, and reported, by the chunk's scan.
                guard n > 0 else { return end }
                if let found = memchr(buffer, 0x0A, n) { return position + buffer.distance(to: found) + 1 }
                position += n
            }
            return end
        }
    }
}

/// Scans chunks at once, one per task of `DispatchQueue.concurrentPerform`,
/// each with its own scanner (its own bounded buffer) and consumer.
enum ParallelScan {
    /// Each task writes only its own slot of the two arrays.
    private struct Slots<C>: @unchecked Sendable {
        let reports: UnsafeMutablePointer<ChunkReport>
        let consumers: UnsafeMutablePointer<C>
    }

    static func run<C: TraceScanConsumer>(
        _ chunks: [ScanSource], consumers: inout [C], options: TraceScanOptions
    ) -> [ChunkReport] {
        var reports = [ChunkReport](repeating: ChunkReport(), count: chunks.count)
        reports.withUnsafeMutableBufferPointer { reportSlots in
            consumers.withUnsafeMutableBufferPointer { consumerSlots in
                let slots = Slots(reports: reportSlots.baseAddress!, consumers: consumerSlots.baseAddress!)
                let firstProblem = FirstProblem()
                DispatchQueue.concurrentPerform(iterations: chunks.count) { index in
                    var scanner = TraceScanner(
                        source: chunks[index], options: options.reader, readSize: options.readSize)
                    scanner.shouldStop = { firstProblem.isBefore(index) }
                    scanner.scan(into: &slots.consumers[index])
                    if scanner.report.problem != nil { firstProblem.record(index) }
                    slots.reports[index] = scanner.report
                }
            }
        }
        return reports
    }
}

/// The first chunk (in file order) known to have a problem. A later chunk
/// stops at its next read: the merge throws at or before that chunk and
/// never looks at the later ones, so a malformed trace is not read to its
/// end in parallel.
final class FirstProblem: @unchecked Sendable {
    private let lock = Lock()
    private var index = Int.max

    func record(_ chunk: Int) { lock.withLock { index = min(index, chunk) } }

    func isBefore(_ chunk: Int) -> Bool { lock.withLock { index < chunk } }
}
