#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads a regular file in blocks of whole lines on every core (``OrderedWork``) and hands the blocks over in file
/// order, joined by a ``ChunkMerger`` (the rules across borders). Each block is read at once into a ``Slot`` (one more
/// than threads), which block `k` takes from block `k - slots`: memory stays bounded by the slots (a block and its
/// longest line each, and what its scan made), whatever the trace.
enum OrderedScan {
    /// A block's scanner, reused block after block, and what the block's
    /// scan made (its ``Work``): until its turn ends, the slot is the block's.
    final class Slot<Work>: @unchecked Sendable {
        // Used by one thread at a time: the worker scanning, then the one delivering.
        @exclusivity(unchecked) var scanner: TraceScanner
        var work: Work

        init(source: ScanSource, options: TraceScanOptions, work: Work) {
            scanner = TraceScanner(source: source.restricted(to: 0..<0), options: options.reader, readSize: 1)
            self.work = work
        }
    }

    /// Scans the `blocks` of `source` (the bytes after the header): `scan` on a worker, with the slot's scanner set to
    /// the block; then, in file order, `deliver` with the block's first event and line numbers (after `merger` checked
    /// the borders), until it returns `false`.
    static func run<Work>(
        _ source: ScanSource, _ blocks: Range<Int>, merger: inout ChunkMerger, options: TraceScanOptions,
        work makeWork: () -> Work, scan: @escaping (Slot<Work>) -> Void,
        deliver: @escaping (Slot<Work>, _ eventOffset: Int, _ lineOffset: Int) -> Bool
    ) throws(TraceReadError) {
        let threads = max(1, min(options.parallelism, ProcessInfo.processInfo.activeProcessorCount))
        let slots = (0...threads).map { _ in Slot(source: source, options: options, work: makeWork()) }
        let stopped = LatchedFlag()
        for slot in slots { slot.scanner.shouldStop = { stopped.isSet } }
        var nextStart = blocks.lowerBound
        let end = blocks.upperBound
        var merged = merger
        defer { merger = merged }
        try OrderedWork.run(
            threads: threads, window: slots.count,
            next: { () -> Range<Int>? in
                guard nextStart < end else { return nil }
                let stop = lineStart(
                    atOrAfter: min(nextStart + options.readSize, end), in: source, end: end)
                defer { nextStart = stop }
                return nextStart..<stop
            },
            work: { (index, range) -> Slot<Work> in
                let slot = slots[index % slots.count]
                slot.scanner.reuse(for: source.restricted(to: range), readSize: range.count)
                scan(slot)
                return slot
            },
            deliver: { (_, slot) throws(TraceReadError) -> Bool in
                var more = true
                do throws(TraceReadError) {
                    try merged.merge(slot.scanner.report) { more = deliver(slot, $0, $1) }
                } catch {
                    stopped.set()
                    throw error
                }
                if !more { stopped.set() }
                return more
            })
    }

    /// Reads into a sink: each block's events are scanned into its slot's batch and prepared by the sink's stage on the
    /// worker, then taken by the sink in order.
    static func read<Sink: TraceEventSink>(
        _ source: ScanSource, _ blocks: Range<Int>, merger: inout ChunkMerger, options: TraceScanOptions,
        into sink: inout Sink
    ) throws(TraceReadError) {
        var taker = sink
        defer { sink = taker }
        let maximumDepth = options.reader.maximumDepth
        try run(
            source, blocks, merger: &merger, options: options,
            work: { (batch: EventBatch(), stage: sink.makeStage()) },
            scan: { slot in
                var batch = slot.work.batch
                batch.start(base: slot.scanner.buffer.base, maximumDepth: maximumDepth)
                slot.scanner.scan(into: &batch)
                // The sink's parallel stage, before the turn (lines and indices from the block's start).
                slot.work.stage?.prepare(TraceBlockEvents(batch: batch))
            },
            deliver: { slot, eventOffset, lineOffset in
                if let stage = slot.work.stage { taker.begin(stage, eventOffset: eventOffset, lineOffset: lineOffset) }
                taker.take(
                    block: TraceBlockEvents(batch: slot.work.batch), eventOffset: eventOffset, lineOffset: lineOffset)
                taker.bufferWillChange()
                return taker.wantsMore
            })
    }

    /// Scans into consumers: each block into a new consumer of its own (`makeConsumer`, called on the workers:
    /// copies of one consumer could share a class instance), appended to `total` in order.
    static func scan<C: TraceScanConsumer>(
        _ source: ScanSource, _ blocks: Range<Int>, merger: inout ChunkMerger, options: TraceScanOptions,
        makeConsumer: () -> C, into total: inout C
    ) throws(TraceReadError) {
        var joined = total
        defer { total = joined }
        try withoutActuallyEscaping(makeConsumer) { (make) throws(TraceReadError) in
            try run(
                source, blocks, merger: &merger, options: options, work: make,
                scan: { slot in
                    slot.work = make()
                    slot.scanner.scan(into: &slot.work)
                },
                deliver: { slot, eventOffset, lineOffset in
                    joined.append(slot.work, eventOffset: eventOffset, lineOffset: lineOffset)
                    return true
                })
        }
    }

    /// The first line start at or after `target`: just after the first `\n` at `target - 1` or later, or `end`.
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
            // 4 KiB first: most lines end there, and `check` finds borders under the lock that hands blocks out.
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
