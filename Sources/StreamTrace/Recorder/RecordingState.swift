/// What a recorder holds: events, values, cursor, waits and diagnostics.
///
/// One struct, so that recording an event mutates it in a single exclusive
/// access; always used under the recorder's lock.
@usableFromInline
struct RecordingState<Input, Failure: Error> {
    /// One event without its value (values live in `values`).
    @usableFromInline
    struct Entry {
        @usableFromInline var nanoseconds: Int64
        @usableFromInline var kind: EventKind
        @usableFromInline var demand: Demand?

        @inlinable init(nanoseconds: Int64, kind: EventKind, demand: Demand?) {
            self.nanoseconds = nanoseconds
            self.kind = kind
            self.demand = demand
        }
    }

    /// What became of an event given to ``append(_:at:sink:encoder:)``.
    @usableFromInline
    enum AppendResult {
        /// Recorded; nothing else to do.
        case recorded
        /// Recorded; waits may be decided, or the recording ended.
        case recordedWithFollowUp
        /// Not recorded (after the end, a late subscription, a bad demand).
        case rejected(Int64)
    }

    @usableFromInline var entries: [Entry] = []
    @usableFromInline var values: [Input] = []
    /// For each element, the index of its event in `entries`.
    @usableFromInline var valueEntries: [Int] = []
    @usableFromInline var failure: Failure?
    @usableFromInline var completionIndex: Int?
    @usableFromInline var cancelIndex: Int?
    @usableFromInline var lastTime: Int64 = 0
    @usableFromInline var waiters: [Waiter] = []
    /// The element count from which a wait may be decided by a value (or any
    /// event, at 0); `Int.max` when only a completion can decide the waits.
    @usableFromInline var wakeThreshold = Int.max
    /// The trace line being written.
    @usableFromInline var line = JSONOutput()
    /// How many elements `next` expectations consumed.
    @usableFromInline var consumed = 0
    var diagnostics: [RecorderDiagnostic] = []
    var violation: (message: String, location: EventLocation)?
    /// Called once, outside the lock, when the recording is cancelled.
    @usableFromInline var onCancel: (@Sendable () -> Void)?
    /// Asks the recorded stream for more elements (Combine's demand).
    @usableFromInline var onRequest: (@Sendable (Demand) -> Void)?

    @usableFromInline init() {}

    @usableFromInline var terminalIndex: Int? { completionIndex ?? cancelIndex }

    /// Records `event` at `now` (never before the previous event) and
    /// writes its trace line to `sink`.
    @inlinable
    mutating func append(
        _ event: StreamEvent<Input, Failure>, at now: Int64, sink: (any TraceSink)?,
        encoder: TraceLineEncoder<Input, Failure>
    ) -> AppendResult {
        let t = max(now, lastTime)
        let kind = event.kind
        if completionIndex != nil || cancelIndex != nil || (kind == .subscribe && !entries.isEmpty)
            || (kind == .request && !event.hasValidDemand)
        {
            return .rejected(t)
        }
        let index = entries.count
        var demand: Demand?
        switch event {
        case .value(let value):
            values.append(value)
            valueEntries.append(index)
        case .request(let requested): demand = requested
        case .finished: completionIndex = index
        case .failure(let error):
            failure = error
            completionIndex = index
        case .cancel: cancelIndex = index
        case .subscribe: break
        }
        entries.append(Entry(nanoseconds: t, kind: kind, demand: demand))
        lastTime = t
        if let sink { encoder.write(RecordedEvent(nanoseconds: t, event: event), to: sink, line: &line) }
        return kind.isTerminal || values.count >= wakeThreshold ? .recordedWithFollowUp : .recorded
    }

    /// Recomputes ``wakeThreshold`` after the waits or the cursor changed.
    @usableFromInline
    mutating func updateWakeThreshold() {
        var lowest = Int.max
        for waiter in waiters {
            let condition = waiter.wakeCondition
            if condition.onEveryEvent { lowest = 0 }
            if let minimum = condition.minimumElements { lowest = min(lowest, minimum) }
            if let minimum = condition.minimumUnconsumed {
                let (sum, overflow) = consumed.addingReportingOverflow(minimum)
                lowest = min(lowest, overflow ? .max : sum)
            }
        }
        wakeThreshold = lowest
    }

    /// Keeps a diagnostic for an event that could not be recorded.
    @usableFromInline
    mutating func reject(_ event: StreamEvent<Input, Failure>, at t: Int64) {
        if let terminal = terminalIndex {
            let terminalKind = entries[terminal].kind
            if case .cancel = event { return }  // cancelling a recording that already ended
            if terminalKind == .cancel {
                diagnostics.append(
                    RecorderDiagnostic(kind: .eventAfterCancel(event.kind), nanoseconds: t, terminal: .cancel))
                return
            }
            diagnostics.append(
                RecorderDiagnostic(kind: .eventAfterCompletion(event.kind), nanoseconds: t, terminal: terminalKind))
            if violation == nil {
                violation = (
                    "\(event.kind) event after it \(terminalKind == .failure ? "failed" : "finished")",
                    EventLocation(index: entries.count, nanoseconds: t)
                )
            }
        } else if case .request(.max(let n)) = event {
            diagnostics.append(RecorderDiagnostic(kind: .invalidDemand(n), nanoseconds: t))
        } else {
            diagnostics.append(RecorderDiagnostic(kind: .lateSubscription, nanoseconds: t))
        }
    }

    /// Keeps a broken rule of the stream that the recording itself cannot
    /// show (a second subscription, input nobody asked for…).
    mutating func reportMisbehavior(_ kind: RecorderDiagnostic.Kind, message: String, at t: Int64) {
        diagnostics.append(RecorderDiagnostic(kind: kind, nanoseconds: t))
        if violation == nil { violation = (message, EventLocation(index: entries.count, nanoseconds: t)) }
    }

    func location(ofEntry index: Int) -> EventLocation {
        EventLocation(index: index, nanoseconds: entries[index].nanoseconds)
    }

    /// Every event recorded, with its value.
    func recordedEvents() -> [RecordedEvent<Input, Failure>] {
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
}
