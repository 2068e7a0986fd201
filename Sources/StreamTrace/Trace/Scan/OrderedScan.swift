import Dispatch

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How a whole read ended: what ``TraceReader`` knows after its last event.
package struct TraceReadEnd: Sendable {
    package var header: TraceHeader
    package var status: TraceStatus
    package var warnings: [TraceReadWarning]
    package var eventCount: Int
}

/// Reads a regular file in blocks of whole lines on every core and hands
/// the events to one sink in file order: each worker scans the next block
/// (a ``TraceScanner`` over it, read at once), then waits for its turn,
/// joins its report (``ChunkMerger``: the rules across borders) and feeds
/// its events to the sink. Scanning runs in parallel; the sink, one block
/// at a time. At most one block per worker is held, so memory stays
/// bounded by the block size and the longest line, whatever the trace.
enum OrderedScan {
    /// The state the workers share: the claims, the turn and the failure
    /// behind one lock; the merger and the sink used by the worker whose
    /// turn it is, alone (the lock's hand-over of the turn orders them).
    private final class Shared<Sink: TraceEventSink>: @unchecked Sendable {
        let lock = Lock()
        var nextStart: Int
        var claimed = 0
        var turn = 0
        /// Workers waiting for their block's turn, by block.
        var waiting: [Int: DispatchSemaphore] = [:]
        var failure: TraceReadError?
        /// The sink wants no more events: no more blocks are claimed.
        var isDone = false
        @exclusivity(unchecked) var merger: ChunkMerger
        @exclusivity(unchecked) var sink: Sink
        /// Each worker's stage, made before the workers start.
        let stages: [Sink.Stage?]

        init(start: Int, merger: ChunkMerger, sink: Sink, workers: Int) {
            nextStart = start
            self.merger = merger
            self.sink = sink
            stages = (0..<workers).map { _ in sink.makeStage() }
        }
    }

    /// Reads `source`'s events from `start` (after the header) into `sink`.
    static func run<Sink: TraceEventSink>(
        _ source: ScanSource, from start: Int, end: Int, merger: ChunkMerger, options: TraceScanOptions,
        into sink: inout Sink
    ) throws(TraceReadError) -> ChunkMerger {
        let workers = max(1, min(options.parallelism, ProcessInfo.processInfo.activeProcessorCount))
        let shared = Shared(start: start, merger: merger, sink: sink, workers: workers)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            work(shared, stage: shared.stages[worker], source: source, end: end, options: options)
        }
        sink = shared.sink
        if let failure = shared.failure { throw failure }
        return shared.merger
    }

    /// One worker: claims, scans and delivers blocks until none is left or
    /// one failed.
    private static func work<Sink: TraceEventSink>(
        _ shared: Shared<Sink>, stage: Sink.Stage?, source: ScanSource, end: Int, options: TraceScanOptions
    ) {
        // One buffer and one batch a worker, reused block after block.
        var scanner = TraceScanner(source: source.restricted(to: 0..<0), options: options.reader, readSize: 1)
        scanner.shouldStop = { shared.lock.withLock { shared.failure != nil || shared.isDone } }
        var batch = EventBatch()
        while let (index, range) = claim(shared, source: source, end: end, options: options) {
            scanner.reuse(for: source.restricted(to: range), readSize: range.count)
            batch.start(base: scanner.buffer.base, maximumDepth: options.reader.maximumDepth)
            scanner.scan(into: &batch)
            // The sink's parallel stage, before the turn (lines and indices from the block's start).
            stage?.prepare(TraceBlockEvents(batch: batch))
            let wait: DispatchSemaphore? = shared.lock.withLock {
                guard shared.turn != index else { return nil }
                let semaphore = DispatchSemaphore(value: 0)
                shared.waiting[index] = semaphore
                return semaphore
            }
            wait?.wait()
            // Our turn: no other worker touches the merger or the sink until we pass it on.
            deliver(scanner, batch, stage: stage, to: shared)
            shared.lock.withLock {
                shared.turn += 1
                shared.waiting.removeValue(forKey: shared.turn)?.signal()
            }
        }
    }

    /// The next block to scan, its number and byte range; `nil` when none
    /// is left or a block failed.
    private static func claim<Sink: TraceEventSink>(
        _ shared: Shared<Sink>, source: ScanSource, end: Int, options: TraceScanOptions
    ) -> (index: Int, range: Range<Int>)? {
        shared.lock.withLock {
            guard shared.failure == nil, !shared.isDone, shared.nextStart < end else { return nil }
            let start = shared.nextStart
            let stop = ChunkSplitter.lineStart(atOrAfter: min(start + options.readSize, end), in: source, end: end)
            shared.nextStart = stop
            shared.claimed += 1
            return (shared.claimed - 1, start..<stop)
        }
    }

    /// Joins a scanned block and hands its events to the sink; the
    /// scanner, borrowed, holds their bytes meanwhile.
    private static func deliver<Sink: TraceEventSink>(
        _ scanner: borrowing TraceScanner, _ batch: EventBatch, stage: Sink.Stage?, to shared: Shared<Sink>
    ) {
        guard shared.lock.withLock({ shared.failure == nil && !shared.isDone }) else { return }
        do {
            try shared.merger.merge(scanner.report) { eventOffset, lineOffset in
                if let stage { shared.sink.begin(stage, eventOffset: eventOffset, lineOffset: lineOffset) }
                shared.sink.take(
                    block: TraceBlockEvents(batch: batch), eventOffset: eventOffset, lineOffset: lineOffset)
                shared.sink.bufferWillChange()
            }
        } catch {
            shared.lock.withLock { shared.failure = error }
        }
        if !shared.sink.wantsMore { shared.lock.withLock { shared.isDone = true } }
    }
}

/// A block's events, kept until the block's turn: 32 bytes each, their
/// text as offsets in the block's buffer (which does not move while the
/// block is scanned: it is read at once). One buffer a worker, grown as a
/// block needs and reused.
final class EventBatch: TraceScanConsumer {
    private struct Record {
        var nanoseconds: Int64
        /// The text's start and length; the value's, in the text
        /// (`valueStart` `UInt32.max` for none); the line in the block.
        var textStart, textCount, valueStart, valueCount, line: UInt32
        var kind: EventKind
    }

    // One worker's, used by one thread at a time.
    @exclusivity(unchecked) private var records: UnsafeMutablePointer<Record>
    @exclusivity(unchecked) private var capacity = 1 << 12
    @exclusivity(unchecked) private var count = 0
    @exclusivity(unchecked) private var base: UnsafeRawPointer?
    @exclusivity(unchecked) private var maximumDepth = 0

    init() {
        records = .allocate(capacity: capacity)
    }

    deinit { records.deallocate() }

    /// Starts a block whose bytes are at `base`.
    func start(base: UnsafeRawPointer, maximumDepth: Int) {
        count = 0
        self.base = base
        self.maximumDepth = maximumDepth
    }

    @inline(__always)
    func consume(_ event: TraceScanEvent) {
        if count == capacity { grow() }
        let range = event.valueRange
        // Offsets in one block: a read plus one line, far below 4 GiB.
        records[count] = Record(
            nanoseconds: event.nanoseconds,
            textStart: UInt32(truncatingIfNeeded: base.unsafelyUnwrapped.distance(to: event.text.baseAddress!)),
            textCount: UInt32(truncatingIfNeeded: event.text.count),
            valueStart: range.map { UInt32(truncatingIfNeeded: $0.lowerBound) } ?? .max,
            valueCount: UInt32(truncatingIfNeeded: range?.count ?? 0), line: UInt32(truncatingIfNeeded: event.line),
            kind: event.kind)
        count += 1
    }

    private func grow() {
        let grown = UnsafeMutablePointer<Record>.allocate(capacity: capacity * 2)
        grown.moveInitialize(from: records, count: count)
        records.deallocate()
        records = grown
        capacity *= 2
    }

    func append(_ later: EventBatch, eventOffset: Int, lineOffset: Int) {
        preconditionFailure("a block's batch is delivered, not appended")
    }

    /// Each event again, its index and line made absolute.
    func forEach(eventOffset: Int, lineOffset: Int, _ body: (TraceScanEvent) -> Void) {
        guard base != nil else { return }
        for index in 0..<count { body(event(at: index, eventOffset: eventOffset, lineOffset: lineOffset)) }
    }

    /// How many events the block has.
    var eventCount: Int { count }

    /// Event `index` (0-based, below ``eventCount``) again, its index and
    /// line made absolute.
    @inline(__always)
    func event(at index: Int, eventOffset: Int, lineOffset: Int) -> TraceScanEvent {
        let record = records[index]
        let value = Int(record.valueStart)
        return TraceScanEvent(
            nanoseconds: record.nanoseconds, kind: record.kind, line: Int(record.line) + lineOffset,
            index: index + eventOffset,
            text: UnsafeRawBufferPointer(
                start: base.unsafelyUnwrapped + Int(record.textStart), count: Int(record.textCount)),
            valueRange: record.valueStart == .max ? nil : value..<(value + Int(record.valueCount)),
            maximumDepth: maximumDepth)
    }
}

extension ScanSource {
    /// The same source, read only over `range` (a file's or memory's).
    func restricted(to range: Range<Int>) -> ScanSource {
        switch self {
        case .file(let fd, _): .file(fd: fd, range: range)
        case .memory(let bytes, _): .memory(bytes, range: range)
        case .stream, .reading: self
        }
    }
}

extension TraceScan {
    /// Reads the whole trace from an open descriptor (its current offset;
    /// not closed) into `sink`, event by event in file order: a regular
    /// file in blocks on every core (``OrderedScan``), a stream in one
    /// sequential pass. A malformed line anywhere throws, as
    /// ``TraceReader`` would, after the events before it were taken.
    package static func read<Sink: TraceEventSink>(
        fileDescriptor fd: Int32, name: String, options: TraceScanOptions = TraceScanOptions(), into sink: inout Sink
    ) throws(TraceReadError) -> TraceReadEnd {
        try read(source(of: fd), name: name, options: options, into: &sink)
    }

    /// The same over bytes in memory, read as a file is (tests, fuzzing).
    package static func read<Sink: TraceEventSink>(
        bytes: [UInt8], name: String = "<memory>", options: TraceScanOptions = TraceScanOptions(),
        into sink: inout Sink
    ) throws(TraceReadError) -> TraceReadEnd {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(TraceReadError) in
                try read(.memory(raw, range: 0..<raw.count), name: name, options: options, into: &sink)
            }
        }
        return try result.get()
    }

    static func read<Sink: TraceEventSink>(
        _ source: ScanSource, name: String, options: TraceScanOptions, into sink: inout Sink
    ) throws(TraceReadError) -> TraceReadEnd {
        var scanner = TraceScanner(source: source, options: options.reader, readSize: options.readSize)
        let header = try scanner.readHeader(file: name)
        var merger = ChunkMerger(file: name, lineOffset: scanner.report.lineCount)
        let start = scanner.buffer.startOffset
        let end: Int
        switch source {
        case .file(_, let range), .memory(_, let range): end = range.upperBound
        case .stream, .reading: end = start
        }
        if options.parallelism > 1, end - start >= options.minimumChunkBytes {
            merger = try OrderedScan.run(source, from: start, end: end, merger: merger, options: options, into: &sink)
        } else {
            // Sequentially, going on from the header with the same buffer.
            scanner.report = ChunkReport()
            let lineOffset = merger.lineOffset
            while sink.wantsMore, var event = scanner.nextEvent(beforeRefill: { sink.bufferWillChange() }) {
                event.line += lineOffset
                sink.take(event)
            }
            sink.bufferWillChange()
            try merger.merge(scanner.report) { _, _ in }
        }
        return TraceReadEnd(
            header: header, status: merger.status, warnings: merger.warnings, eventCount: merger.eventCount)
    }
}
