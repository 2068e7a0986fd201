/// A recorder's state behind one lock, with the clock, the sink, and the waits in progress.
@usableFromInline
final class RecorderStorage<Input, Failure: Error>: @unchecked Sendable {
    @usableFromInline let lock = Lock()
    /// Guarded by `lock`, which makes access exclusive: the runtime's own exclusivity checks would only add cost.
    @usableFromInline @exclusivity(unchecked) var state = RecordingState<Input, Failure>()
    /// Guarded by `lock`, as `state` is: reading it moves its anchor.
    @usableFromInline @exclusivity(unchecked) var time: TimeSource
    @usableFromInline let sink: (any TraceSink)?
    /// `sink` as the recording path writes to it.
    @usableFromInline let target: SinkTarget?
    @usableFromInline let encoder = TraceLineEncoder<Input, Failure>()
    let header: TraceHeader
    /// The group the recorder is a member of, if any: its events then take the group's order.
    @usableFromInline let membership: GroupMembership?
    /// The clock as an evaluation's window gives it to a marble expectation, read from `time` once.
    let recordingClock: RecordingClock

    @usableFromInline
    init(time: TimeSource, header: TraceHeader, sink: (any TraceSink)?, membership: GroupMembership?) {
        self.time = time
        self.header = header
        self.sink = sink
        self.membership = membership
        recordingClock = time.virtualCore.map { .virtual($0) } ?? .notVirtual(describe: time.diagnose)
        target = sink.map(SinkTarget.init)
        if let sink { encoder.write(header, to: sink, line: &state.line) }
        membership?.group.join()
        time.virtualCore?.run?.keep { [self] in (header, traceText) }
    }

    deinit {
        // A member that goes away before its end no longer holds the group's recording open.
        if let membership, state.terminal == nil { membership.group.leave() }
    }

    var traceText: String {
        let sink = MemoryTraceSink()
        let events = lock.withLock { state.recordedEvents() }
        var line = JSONOutput()
        encoder.write(header, to: sink, line: &line)
        for event in events { encoder.write(event, to: sink, line: &line) }
        return sink.text
    }

    /// Whether the recording has ended (finished, failed or cancelled): a recorder acting at frames then does nothing
    /// more.
    var hasEnded: Bool { lock.withLock { state.terminal != nil } }

    // MARK: Recording

    /// Records one event, writes its trace line, wakes the waits it decides, and runs the cancel hook if it is the
    /// subscriber's cancel; whether it was recorded. Inlinable so that it is specialized for the recorder's types.
    @inlinable @discardableResult
    func record(_ event: StreamEvent<Input, Failure>) -> Bool {
        if let membership { return recordInGroup(event, membership) }
        lock.lock()
        return settleLocked(event, state.append(event, at: time.elapsed(), sink: target, encoder: encoder))
    }

    /// What follows an append, the lock held: notes, wakes and the cancel hook for an event recorded, the diagnostic
    /// for one rejected. Unlocks; whether it was recorded.
    @inlinable
    func settleLocked(
        _ event: StreamEvent<Input, Failure>, _ result: RecordingState<Input, Failure>.AppendResult
    ) -> Bool {
        switch result {
        case .recorded:
            if let core = time.virtualCore { noteOrderLocked(of: event.kind, on: core) }
            lock.unlock()
            return true
        case .recordedWithFollowUp:
            if let core = time.virtualCore { noteOrderLocked(of: event.kind, on: core) }
            finishRecordingLocked(event.kind)
            return true
        case .rejected(let t):
            state.reject(event, at: t)
            lock.unlock()
            return false
        }
    }

    /// ``record(_:)`` for a member of a group: the event takes the group's next number with the clock's reading, and
    /// goes into the group's recording, all under the group's order lock, so that the numbers agree with the times
    /// and the group's recording is in their order.
    @inlinable @inline(never)
    func recordInGroup(_ event: StreamEvent<Input, Failure>, _ membership: GroupMembership) -> Bool {
        lock.lock()
        let order = membership.group.order
        order.lock.lock()
        let sequence = order.next
        let result = state.append(event, at: time.elapsed(), sequence: sequence, sink: target, encoder: encoder)
        if case .rejected = result {
        } else {
            order.next += 1
            state.sequences.append(sequence)
            if let shared = groupEvent(event) { membership.group.take(shared, from: membership.stream) }
        }
        order.lock.unlock()
        return settleLocked(event, result)
    }

    /// `event` as the group's recording holds it: values as their trace JSON, errors as the trace writes them;
    /// `nil` for a subscription or a request.
    @inlinable
    func groupEvent(_ event: StreamEvent<Input, Failure>) -> StreamEvent<JSONValue, TraceFailure>? {
        switch event {
        case .subscribe, .request: return nil
        case .finished: return .finished
        case .cancel: return .cancel
        case .failure(let error): return .failure(GroupMembership.failure(error))
        case .value(let value):
            func bits<U>(_: U.Type) -> U { unsafeBitCast(value, to: U.self) }
            // The common types as they are; any other value as the trace writes it, read back.
            switch encoder.kind {
            case .string: return .value(.string(bits(String.self)))
            case .int: return .value(.number(JSONNumber(bits(Int.self))))
            case .int64: return .value(.number(JSONNumber(bits(Int64.self))))
            case .bool: return .value(.bool(bits(Bool.self)))
            case .json: return .value(bits(JSONValue.self))
            default:
                var out = JSONOutput()
                encoder.write(value, into: &out)
                return .value(GroupMembership.value(writtenAs: out))
            }
        }
    }

    /// Wakes the waits the last event decides and, for a terminal event, drops or runs the cancel hook. Unlocks.
    @inlinable
    func finishRecordingLocked(_ kind: EventKind) {
        let wakes = state.waiters.isEmpty ? [] : decideWaitersLocked(after: kind)
        let cancelHook = kind == .cancel ? state.onCancel : nil
        if kind.isTerminal {
            state.onCancel = nil
            state.onRequest = nil
        }
        lock.unlock()
        for wake in wakes { wake() }
        cancelHook?()
    }

    /// Notes the event just recorded if it came from outside the tasks that `core`'s clock runs one at a time.
    @usableFromInline
    func noteOrderLocked(of kind: EventKind, on core: VirtualClockCore) {
        guard !core.isOrderingCurrentThread() else { return }
        state.diagnostics.append(
            RecorderDiagnostic(
                kind: .outsideTheClock(kind, index: state.eventCount - 1), nanoseconds: state.lastTime))
    }

    /// Keeps a broken rule of the stream; every expectation fails from now on, so waits in progress end.
    func reportMisbehavior(_ kind: RecorderDiagnostic.Kind, message: String) {
        lock.lock()
        state.reportMisbehavior(kind, message: message, at: max(time.elapsed(), state.lastTime))
        let wakes = state.waiters.isEmpty ? [] : decideWaitersLocked(after: .failure)
        lock.unlock()
        for wake in wakes { wake() }
    }

    // MARK: Evaluating

    /// Evaluates `expectation` over the recording and moves the cursor if it passes. `scanned` is what a wait's
    /// earlier evaluations already read (`scannedCount`); a pending verdict sets it to the elements read now.
    func evaluateLocked<E: StreamExpectation>(_ expectation: E, end: WindowEnd, scanned: inout Int) -> Verdict<E.Output>
    where E.Element == Input, E.Failure == Failure {
        let window = RecorderWindow(
            state: state, requestedEnd: end, encoder: encoder, scannedCount: scanned, recordingClock: recordingClock)
        var verdict = expectation.verdict(in: window)
        if case .pending = verdict { scanned = window.elementCount }
        if case .failed(var error) = verdict {
            annotateLocked(&error, end: end)
            verdict = .failed(error)
        }
        if case .passed(_, let cursor?, _) = verdict, cursor != state.consumed {
            state.consumed = cursor
            state.updateWakeThreshold()
        }
        return verdict
    }

    /// What the recorder adds to a failure (call with the lock held): whether a wait's end decided it, what the
    /// recorder's clock was doing when time may explain it, and the events recorded outside the clock's order.
    private func annotateLocked(_ error: inout RecordingError, end: WindowEnd) {
        if end.isTimeout || end == .waitCancelled, error.reason != .invertedFulfilled { error.waitEnded = true }
        if end.isTimeout || error.explainsTime, error.clockNote == nil {
            // A note on the recorder's clock, after a word on a never-subscribed stream.
            let unsubscribed = state.eventCount == 0 ? "nothing was recorded: the stream was never subscribed to; " : ""
            error.clockNote = unsubscribed + time.diagnose()
        }
        if let note = outsideTheClockNoteLocked() { error.orderNote = note }
    }

    // MARK: Waiting

    /// Decides the waits the last event may decide, in the order they started; their wake-ups, to call after unlocking.
    @usableFromInline
    func decideWaitersLocked(after kind: EventKind) -> [@Sendable () -> Void] {
        var wakes: [@Sendable () -> Void] = []
        var index = 0
        while index < state.waiters.count {
            let waiter = state.waiters[index]
            let relevant =
                state.cancel != nil
                || waiter.wakeCondition.isMet(
                    by: kind, elementCount: state.elements.count, consumedCount: state.consumed)
            if relevant, waiter.decide(.open) {
                state.waiters.remove(at: index)
                finishLocked(waiter)
                wakes.append(waiter.wake)
            } else {
                index += 1
            }
        }
        state.updateWakeThreshold()
        return wakes
    }

    @usableFromInline
    func finishLocked(_ waiter: Waiter) {
        waiter.isDone = true
        waiter.timer?.cancel()
        waiter.timer = nil
    }

    /// Registers `waiter` unless it is already decided; whether it now waits. Call with the lock held.
    func registerLocked(_ waiter: Waiter) -> Bool {
        // A wait cancelled before it registered ends here, decided by the cancellation.
        if waiter.decide(waiter.cancelledEarly ? .waitCancelled : .open) || waiter.cancelledEarly {
            finishLocked(waiter)
            return false
        }
        state.waiters.append(waiter)
        state.updateWakeThreshold()
        return true
    }

    /// Ends a wait that is still pending with a final window end (timeout or cancellation) and wakes it.
    func expire(_ waiter: Waiter, end: WindowEnd) {
        let expired = lock.withLock { () -> Bool in
            guard !waiter.isDone else { return false }
            guard state.waiters.contains(where: { $0 === waiter }) else {
                waiter.cancelledEarly = true
                return false
            }
            expireLocked(waiter, end: end)
            return true
        }
        if expired { waiter.wake() }
    }

    /// Like `expire`, for a blocking wait whose thread is already awake: decides without waking.
    func expireLocked(_ waiter: Waiter, end: WindowEnd) {
        guard !waiter.isDone else { return }
        state.waiters.removeAll { $0 === waiter }
        state.updateWakeThreshold()
        _ = waiter.decide(end)
        finishLocked(waiter)
    }

    /// What a failure says of the events recorded outside the virtual clock's tasks, if any. Call with the lock held.
    func outsideTheClockNoteLocked() -> String? {
        let outside = state.diagnostics.compactMap { diagnostic -> String? in
            guard case .outsideTheClock(let kind, let index) = diagnostic.kind else { return nil }
            return "event \(index + 1) (\(kind), \(TimeFormat.offset(diagnostic.nanoseconds)))"
        }
        guard !outside.isEmpty else { return nil }
        let shown =
            outside.prefix(5).joined(separator: ", ") + (outside.count > 5 ? " and \(outside.count - 5) more" : "")
        return (outside.count == 1 ? "1 event was" : "\(outside.count) events were")
            + " recorded outside the tasks the virtual clock runs one at a time (from a Dispatch queue, a thread, "
            + "a callback, or the main actor while the test is not on it), so their order against the others is "
            + "not the clock's: " + shown
    }
}

extension WindowEnd {
    var isTimeout: Bool {
        if case .timeout = self { return true }
        return false
    }
}
