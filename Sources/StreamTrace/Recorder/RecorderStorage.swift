import Foundation

/// Everything a recorder holds, behind one lock: the events, the cursor,
/// the waits in progress, and the sink the trace is written to.
///
/// Every method whose name ends in `Locked` must be called with `lock` held.
final class RecorderStorage<Input, Failure: Error>: @unchecked Sendable {
    let lock = NSLock()

    /// One event without its value (values live in `values`).
    struct Entry {
        var nanoseconds: Int64
        var kind: EventKind
        var demand: Demand?
    }

    private(set) var entries: [Entry] = []
    private(set) var values: [Input] = []
    /// For each element, the index of its event in `entries`.
    private(set) var valueEntries: [Int] = []
    private(set) var failure: Failure?
    private(set) var completionIndex: Int?
    private(set) var cancelIndex: Int?
    private(set) var diagnostics: [RecorderDiagnostic] = []
    private(set) var violation: (message: String, location: EventLocation)?
    /// How many elements `next` expectations consumed.
    var consumed = 0
    private var waiters: [Waiter] = []
    /// Called once, outside the lock, when the recording is cancelled.
    var onCancel: (@Sendable () -> Void)?

    let time: TimeSource
    let header: TraceHeader
    let sink: (any TraceSink)?
    let encoder = TraceLineEncoder<Input, Failure>()
    private var line = JSONOutput()

    init(time: TimeSource, header: TraceHeader, sink: (any TraceSink)?) {
        self.time = time
        self.header = header
        self.sink = sink
        if let sink {
            encoder.encode(header, into: &line)
            line.bytes.withUnsafeBytes { sink.write(line: $0, isTerminal: false) }
        }
    }

    var terminalIndex: Int? { completionIndex ?? cancelIndex }

    // MARK: Recording

    /// Records one event, wakes the waits it decides, and runs the cancel
    /// hook if it is the subscriber's cancel. Returns whether it was recorded.
    @discardableResult
    func record(_ event: StreamEvent<Input, Failure>) -> Bool {
        lock.lock()
        let now = time.elapsed()
        let t = max(now, entries.last?.nanoseconds ?? 0)
        if let rejected = rejectionLocked(event, at: t) {
            if let rejected { diagnostics.append(rejected) }
            lock.unlock()
            return false
        }
        let index = entries.count
        var entry = Entry(nanoseconds: t, kind: event.kind)
        switch event {
        case .value(let value):
            values.append(value)
            valueEntries.append(index)
        case .request(let demand): entry.demand = demand
        case .finished: completionIndex = index
        case .failure(let error):
            failure = error
            completionIndex = index
        case .cancel: cancelIndex = index
        case .subscribe: break
        }
        entries.append(entry)
        if let sink {
            line.removeAll()
            encoder.encode(RecordedEvent(nanoseconds: t, event: event), into: &line)
            line.bytes.withUnsafeBytes { sink.write(line: $0, isTerminal: event.isTerminal) }
        }
        let wakes = waiters.isEmpty ? [] : decideWaitersLocked(end: .open)
        let cancelHook = event.isTerminal ? onCancel : nil
        if event.isTerminal { onCancel = nil }
        lock.unlock()
        for wake in wakes { wake() }
        if case .cancel = event { cancelHook?() }
        return true
    }

    /// Why `event` cannot be recorded: `.some(diagnostic)` to keep, `.some(nil)`
    /// to ignore quietly, `nil` if it can be recorded.
    private func rejectionLocked(_ event: StreamEvent<Input, Failure>, at t: Int64) -> RecorderDiagnostic?? {
        if let terminal = terminalIndex {
            let terminalKind = entries[terminal].kind
            if case .cancel = event { return .some(nil) }  // cancelling a recording that already ended
            if terminalKind == .cancel {
                return RecorderDiagnostic(kind: .eventAfterCancel(event.kind), nanoseconds: t, terminal: .cancel)
            }
            let diagnostic = RecorderDiagnostic(kind: .eventAfterCompletion(event.kind), nanoseconds: t, terminal: terminalKind)
            if violation == nil {
                violation = (
                    "\(event.kind) event after it \(terminalKind == .failure ? "failed" : "finished")",
                    EventLocation(index: entries.count, nanoseconds: t)
                )
            }
            return diagnostic
        }
        if case .subscribe = event, !entries.isEmpty {
            return RecorderDiagnostic(kind: .lateSubscription, nanoseconds: t)
        }
        if case .request(.max(let n)) = event, n < 1 {
            return RecorderDiagnostic(kind: .invalidDemand(n), nanoseconds: t)
        }
        return nil
    }

    // MARK: Evaluating

    /// Evaluates `expectation` over the recording and moves the cursor if
    /// it passes.
    func evaluateLocked<E: Expectation>(_ expectation: E, end: WindowEnd) -> Verdict<E.Output>
    where E.Element == Input, E.Failure == Failure {
        let verdict = expectation.verdict(in: RecorderWindow(storage: self, requestedEnd: end))
        if case .passed(_, let cursor?) = verdict { consumed = cursor }
        return verdict
    }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    // MARK: Waiting

    /// Decides the waits that can be decided, in the order they started;
    /// returns their wake-ups, to call after unlocking.
    private func decideWaitersLocked(end: WindowEnd) -> [@Sendable () -> Void] {
        var wakes: [@Sendable () -> Void] = []
        var index = 0
        while index < waiters.count {
            let waiter = waiters[index]
            if waiter.decide(end) {
                waiters.remove(at: index)
                finishLocked(waiter)
                wakes.append(waiter.wake)
            } else {
                index += 1
            }
        }
        return wakes
    }

    private func finishLocked(_ waiter: Waiter) {
        waiter.isDone = true
        waiter.isRegistered = false
        waiter.timer?.cancel()
        waiter.timer = nil
    }

    /// Registers `waiter` unless it is already decided; returns whether it
    /// now waits. Call with the lock held.
    func registerLocked(_ waiter: Waiter) -> Bool {
        if waiter.cancelledEarly {
            _ = waiter.decide(.waitCancelled)
            finishLocked(waiter)
            return false
        }
        if waiter.decide(.open) {
            finishLocked(waiter)
            return false
        }
        waiters.append(waiter)
        waiter.isRegistered = true
        return true
    }

    /// Ends a wait that is still pending with a final window end (timeout
    /// or cancellation) and wakes it.
    func expire(_ waiter: Waiter, end: WindowEnd) {
        lock.lock()
        guard !waiter.isDone else {
            lock.unlock()
            return
        }
        guard waiter.isRegistered else {
            waiter.cancelledEarly = true
            lock.unlock()
            return
        }
        waiters.removeAll { $0 === waiter }
        _ = waiter.decide(end)
        finishLocked(waiter)
        lock.unlock()
        waiter.wake()
    }

    /// Like `expire`, for a blocking wait whose thread is already awake:
    /// decides without waking.
    func expireLocked(_ waiter: Waiter, end: WindowEnd) {
        guard !waiter.isDone else { return }
        waiters.removeAll { $0 === waiter }
        _ = waiter.decide(end)
        finishLocked(waiter)
    }

    // MARK: Reading

    func recordedEventsLocked() -> [RecordedEvent<Input, Failure>] {
        var events: [RecordedEvent<Input, Failure>] = []
        events.reserveCapacity(entries.count)
        var nextValue = 0
        for entry in entries {
            let event: StreamEvent<Input, Failure>
            switch entry.kind {
            case .subscribe: event = .subscribe
            case .request: event = .request(entry.demand ?? .unlimited)
            case .value:
                event = .value(values[nextValue])
                nextValue += 1
            case .finished: event = .finished
            case .failure:
                guard let failure else { continue }
                event = .failure(failure)
            case .cancel: event = .cancel
            }
            events.append(RecordedEvent(nanoseconds: entry.nanoseconds, event: event))
        }
        return events
    }

    func diagnosticsLocked() -> [RecorderDiagnostic] { diagnostics }

    func location(ofEntry index: Int) -> EventLocation {
        EventLocation(index: index, nanoseconds: entries[index].nanoseconds)
    }
}
