import Dispatch

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads a regular file in blocks of whole lines on every core and hands
/// the events to one sink in file order. Each worker scans the next block
/// into a ``Slot`` (a ``TraceScanner`` over the block, read at once, and
/// the batch of its events) and hands it over. Whichever worker hands over
/// the block whose turn it is delivers it: joins its report
/// (``ChunkMerger``: the rules across borders), feeds its events to the
/// sink, and goes on with the blocks after it that are already scanned.
/// A worker never waits for a turn: it takes a free slot and scans on.
/// There is one slot more than workers, so a worker waits only when no
/// slot is free (each is being scanned, or holds a block not yet
/// delivered); memory stays bounded by the slots (a block and the longest
/// line each, its events' 32-byte records, its stage's output), whatever
/// the trace.
enum OrderedScan {
    /// The memory one block is scanned into, and stays in until its turn
    /// ends: then it goes back to the free slots. The sink's stage for the
    /// block's events goes with it.
    final class Slot<Stage>: @unchecked Sendable {
        // Used by one thread at a time: the worker scanning, then the one delivering.
        @exclusivity(unchecked) var scanner: TraceScanner
        let batch = EventBatch()
        let stage: Stage?

        init(source: ScanSource, options: TraceScanOptions, stage: Stage?) {
            scanner = TraceScanner(source: source.restricted(to: 0..<0), options: options.reader, readSize: 1)
            self.stage = stage
        }
    }

    /// The state the workers share: the claims, the turn, the slots and the
    /// failure behind one lock; the merger and the sink used only by the
    /// worker delivering (`delivering`, set and cleared under the lock,
    /// orders them).
    private final class Shared<Sink: TraceEventSink>: @unchecked Sendable {
        let lock = Lock()
        var nextStart: Int
        let end: Int
        var claimed = 0
        /// The next block to deliver.
        var turn = 0
        /// Blocks scanned before their turn, by number.
        var ready: [Int: Slot<Sink.Stage>] = [:]
        var free: [Slot<Sink.Stage>]
        /// Whether a worker is delivering: it delivers every ready block from the turn on.
        var delivering = false
        /// Workers waiting for a free slot.
        var waiting: [DispatchSemaphore] = []
        var failure: TraceReadError?
        /// The sink wants no more events: no more blocks are claimed.
        var isDone = false
        @exclusivity(unchecked) var merger: ChunkMerger
        @exclusivity(unchecked) var sink: Sink

        init(start: Int, end: Int, merger: ChunkMerger, sink: Sink, slots: [Slot<Sink.Stage>]) {
            nextStart = start
            self.end = end
            self.merger = merger
            self.sink = sink
            free = slots
        }

        /// Whether a claim would find a block (under the lock).
        var hasWork: Bool { failure == nil && !isDone && nextStart < end }

        /// Wakes every worker waiting for a slot: no block will be claimed (under the lock).
        func wakeAll() {
            for semaphore in waiting { semaphore.signal() }
            waiting.removeAll()
        }
    }

    /// Reads `source`'s events from `start` (after the header) into `sink`.
    static func run<Sink: TraceEventSink>(
        _ source: ScanSource, from start: Int, end: Int, merger: ChunkMerger, options: TraceScanOptions,
        into sink: inout Sink
    ) throws(TraceReadError) -> ChunkMerger {
        let workers = max(1, min(options.parallelism, ProcessInfo.processInfo.activeProcessorCount))
        let slots = (0...workers).map { _ in Slot(source: source, options: options, stage: sink.makeStage()) }
        let shared = Shared(start: start, end: end, merger: merger, sink: sink, slots: slots)
        for slot in slots {
            slot.scanner.shouldStop = { [unowned shared] in
                shared.lock.withLock { shared.failure != nil || shared.isDone }
            }
        }
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            work(shared, source: source, options: options)
        }
        sink = shared.sink
        if let failure = shared.failure { throw failure }
        return shared.merger
    }

    /// One worker: claims a block and a free slot, scans the block into
    /// the slot and hands it over (delivering it, and the ready blocks after
    /// it, if its turn has come), until no block is left or one failed.
    private static func work<Sink: TraceEventSink>(
        _ shared: Shared<Sink>, source: ScanSource, options: TraceScanOptions
    ) {
        while let (slot, index, range) = claim(shared, source: source, options: options) {
            slot.scanner.reuse(for: source.restricted(to: range), readSize: range.count)
            var batch = slot.batch
            batch.start(base: slot.scanner.buffer.base, maximumDepth: options.reader.maximumDepth)
            slot.scanner.scan(into: &batch)
            // The sink's parallel stage, before the turn (lines and indices from the block's start).
            slot.stage?.prepare(TraceBlockEvents(batch: batch))
            let delivers = shared.lock.withLock {
                guard !shared.delivering, shared.turn == index else {
                    shared.ready[index] = slot
                    return false
                }
                shared.delivering = true
                return true
            }
            if delivers { deliverReady(from: slot, shared) }
        }
    }

    private enum Claim<Stage> {
        case block(Slot<Stage>, index: Int, range: Range<Int>)
        case wait(DispatchSemaphore)
        case none
    }

    /// A free slot and the next block to scan into it, its number and byte
    /// range, waiting for a slot if need be; `nil` when no block is left
    /// or one failed.
    private static func claim<Sink: TraceEventSink>(
        _ shared: Shared<Sink>, source: ScanSource, options: TraceScanOptions
    ) -> (Slot<Sink.Stage>, Int, Range<Int>)? {
        while true {
            let claim: Claim<Sink.Stage> = shared.lock.withLock {
                guard shared.hasWork else { return .none }
                guard let slot = shared.free.popLast() else {
                    let semaphore = DispatchSemaphore(value: 0)
                    shared.waiting.append(semaphore)
                    return .wait(semaphore)
                }
                let start = shared.nextStart
                let stop = ChunkSplitter.lineStart(
                    atOrAfter: min(start + options.readSize, shared.end), in: source, end: shared.end)
                shared.nextStart = stop
                shared.claimed += 1
                return .block(slot, index: shared.claimed - 1, range: start..<stop)
            }
            switch claim {
            case .block(let slot, let index, let range): return (slot, index, range)
            case .wait(let semaphore): semaphore.wait()
            case .none: return nil
            }
        }
    }

    /// Delivers `first`, the block whose turn it is (this worker set
    /// `delivering`), and the ready blocks after it, in order; frees each
    /// one's slot.
    private static func deliverReady<Sink: TraceEventSink>(from first: Slot<Sink.Stage>, _ shared: Shared<Sink>) {
        var slot = first
        while true {
            deliver(slot, to: shared)
            let next: Slot<Sink.Stage>? = shared.lock.withLock {
                shared.turn += 1
                shared.free.append(slot)
                shared.waiting.popLast()?.signal()
                guard let next = shared.ready.removeValue(forKey: shared.turn) else {
                    shared.delivering = false
                    return nil
                }
                return next
            }
            guard let next else { return }
            slot = next
        }
    }

    /// Joins a scanned block and hands its events to the sink; the slot
    /// holds their bytes meanwhile.
    private static func deliver<Sink: TraceEventSink>(_ slot: Slot<Sink.Stage>, to shared: Shared<Sink>) {
        guard shared.lock.withLock({ shared.failure == nil && !shared.isDone }) else { return }
        let batch = slot.batch
        do {
            try shared.merger.merge(slot.scanner.report) { eventOffset, lineOffset in
                if let stage = slot.stage { shared.sink.begin(stage, eventOffset: eventOffset, lineOffset: lineOffset) }
                shared.sink.take(
                    block: TraceBlockEvents(batch: batch), eventOffset: eventOffset, lineOffset: lineOffset)
                shared.sink.bufferWillChange()
            }
        } catch {
            shared.lock.withLock {
                shared.failure = error
                shared.wakeAll()
            }
        }
        if !shared.sink.wantsMore {
            shared.lock.withLock {
                shared.isDone = true
                shared.wakeAll()
            }
        }
    }
}
