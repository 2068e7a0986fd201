import Dispatch

/// One trace of ``TraceComparison`` read on a thread of its own, ahead of the walk: events in batches, each settled as it
/// is read (a value's ``CanonicalHash``, or a long value's canonical form), so reading and hashing run beside the walk.
/// At most ``depth`` batches wait, each of at most ``batchEvents`` events and about ``batchBytes`` bytes of values, so
/// memory stays bounded. A read error is handed over after the events before it: the walk meets it where it would have
/// read it. ``stop()`` ends the thread and waits for it; only then is the reader the caller's again. Only for regular
/// files: reading ahead of a pipe would take bytes the walk may never ask for, and a thread waiting on one could not be
/// ended.
final class ReadAhead: @unchecked Sendable {
    typealias Event = TraceLookahead.Event

    struct Batch {
        var events: [Event]
        /// `nil`: more follow; else the end (`nil` error) or the read error.
        var end: Result<Void, TraceReadError>?
        /// The stores the events' texts are in (see ``TraceLookahead/KeptStores``).
        var stores: [TraceLookahead.KeptStores.Kept] = []
    }

    static let depth = 2
    static let batchEvents = 4096
    static let batchBytes = 1 << 19

    /// What both threads share, under ``lock``.
    private let lock = Lock()
    private var queue: [Batch] = []
    private var stopped = false

    /// Free places in the queue, and batches waiting (both start at zero: libdispatch requires a semaphore to end at its
    /// initial value).
    private let places = DispatchSemaphore(value: 0)
    private let waiting = DispatchSemaphore(value: 0)
    private var thread: WorkerThread?

    /// Starts reading `reader` on a new thread, after the `counted` events read from it so far; `nil` if no thread can
    /// be made (the reader is then read as before, on the caller's thread).
    init?(reader: TraceReader, counted: Int = 0) {
        for _ in 0..<Self.depth { places.signal() }
        let lookahead = TraceLookahead(reader: reader, counted: counted)
        thread = WorkerThread.start { [self] in
            var own = lookahead
            produce(&own)
        }
        guard thread != nil else { return nil }
    }

    /// The next batch, waiting for it.
    func take() -> Batch {
        waiting.wait()
        // Taken out of the queue: the walk lets go of its events as it passes them.
        let batch = lock.withLock { queue.removeFirst() }
        places.signal()
        return batch
    }

    /// Ends the reading thread, wherever it is, and waits for it.
    func stop() {
        lock.withLock { stopped = true }
        places.signal()
        thread?.join()
        thread = nil
    }

    /// The reading thread: batches until the trace ends or fails, or the walk stops it.
    private func produce(_ lookahead: inout TraceLookahead) {
        var batch = Batch(events: [], end: nil)
        batch.events.reserveCapacity(Self.batchEvents)
        var bytes = 0
        while true {
            do throws(TraceReadError) {
                if try lookahead.nextSettled(into: &batch.events) {
                    bytes += Int(batch.events[batch.events.count - 1].count)
                    if batch.events.count < Self.batchEvents, bytes < Self.batchBytes { continue }
                } else {
                    batch.end = .success(())
                }
            } catch {
                batch.end = .failure(error)
            }
            batch.stores = lookahead.handOverStores()
            guard hand(batch), batch.end == nil else { return }
            batch.events.removeAll(keepingCapacity: true)
            bytes = 0
        }
    }

    /// Queues `batch` when there is a place for it; `false` if stopped.
    private func hand(_ batch: Batch) -> Bool {
        places.wait()
        let queued = lock.withLock {
            guard !stopped else { return false }
            queue.append(batch)
            return true
        }
        if queued { waiting.signal() }
        return queued
    }
}
