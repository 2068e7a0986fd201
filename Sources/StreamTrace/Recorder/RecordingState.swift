/// What a recorder holds: events, values, cursor, waits and diagnostics. One struct, so that recording an event
/// mutates it in a single exclusive access; always used under the recorder's lock.
@usableFromInline
struct RecordingState<Input, Failure: Error> {
    /// One element, with its time. Its position among the events is worked out from the controls
    /// (``eventIndex(ofElement:)``) to keep the hot path's elements small.
    @usableFromInline
    struct Element {
        @usableFromInline var value: Input
        @usableFromInline var nanoseconds: Int64

        @inlinable init(value: Input, nanoseconds: Int64) {
            self.value = value
            self.nanoseconds = nanoseconds
        }
    }

    /// One event that is not an element (subscribe, request, completion, cancel), with its position among the events.
    @usableFromInline
    struct Control {
        @usableFromInline var index: Int
        @usableFromInline var nanoseconds: Int64
        @usableFromInline var kind: EventKind
        @usableFromInline var demand: Demand?

        @inlinable init(index: Int, nanoseconds: Int64, kind: EventKind, demand: Demand?) {
            self.index = index
            self.nanoseconds = nanoseconds
            self.kind = kind
            self.demand = demand
        }

        var location: EventLocation { EventLocation(index: index, nanoseconds: nanoseconds) }
    }

    /// What became of an event given to ``append(_:at:sink:encoder:)``.
    @usableFromInline
    enum AppendResult {
        case recorded
        /// Recorded; waits may be decided, or the recording ended.
        case recordedWithFollowUp
        /// Not recorded (after the end, a late subscription, a bad demand).
        case rejected(Int64)
    }

    @usableFromInline let elements = ElementStore<Element>()
    /// The other events, in order.
    @usableFromInline var controls: [Control] = []
    @usableFromInline var eventCount = 0
    @usableFromInline var failure: Failure?
    /// The terminal event (finished, failure or cancel), once recorded.
    @usableFromInline var terminal: Control?
    @usableFromInline var lastTime: Int64 = 0
    @usableFromInline var waiters: [Waiter] = []
    /// The element count from which a value may decide a wait (any event at 0); `Int.max`: only a completion can.
    @usableFromInline var wakeThreshold = Int.max
    @usableFromInline var line = JSONOutput()
    /// How many elements `next` expectations consumed.
    @usableFromInline var consumed = 0
    var diagnostics: [RecorderDiagnostic] = []
    var violation: (message: String, location: EventLocation)?
    /// Called once, outside the lock, when the recording is cancelled.
    @usableFromInline var onCancel: (@Sendable () -> Void)?
    @usableFromInline var onRequest: (@Sendable (Demand) -> Void)?
    /// The group's number of each event, for a member of a group (``StreamGroup``); empty otherwise.
    @usableFromInline var sequences: [Int64] = []

    @usableFromInline init() {}

    var completion: Control? { terminal?.kind == .cancel ? nil : terminal }
    var cancel: Control? { terminal?.kind == .cancel ? terminal : nil }

    /// Records `event` at `now` (never before the previous event) and writes its trace line to `sink`.
    @inlinable
    mutating func append(
        _ event: StreamEvent<Input, Failure>, at now: Int64, sequence: Int64? = nil, sink: SinkTarget?,
        encoder: TraceLineEncoder<Input, Failure>
    ) -> AppendResult {
        let t = max(now, lastTime)
        guard case .value(let value) = event else {
            return appendControl(event, at: t, sequence: sequence, sink: sink, encoder: encoder)
        }
        if terminal != nil { return .rejected(t) }
        elements.append(Element(value: value, nanoseconds: t))
        eventCount &+= 1
        lastTime = t
        if let sink {
            sink.write(RecordedEvent(nanoseconds: t, sequence: sequence, event: event), encoder: encoder, line: &line)
        }
        return elements.count >= wakeThreshold ? .recordedWithFollowUp : .recorded
    }

    /// ``append(_:at:sink:encoder:)`` for an event that is not an element.
    @inlinable
    mutating func appendControl(
        _ event: StreamEvent<Input, Failure>, at t: Int64, sequence: Int64?, sink: SinkTarget?,
        encoder: TraceLineEncoder<Input, Failure>
    ) -> AppendResult {
        let kind = event.kind
        if terminal != nil || (kind == .subscribe && eventCount != 0) || !event.hasValidDemand {
            return .rejected(t)
        }
        var demand: Demand?
        switch event {
        case .request(let requested): demand = requested
        case .failure(let error): failure = error
        default: break
        }
        let control = Control(index: eventCount, nanoseconds: t, kind: kind, demand: demand)
        controls.append(control)
        if kind.isTerminal { terminal = control }
        eventCount &+= 1
        lastTime = t
        if let sink {
            sink.write(RecordedEvent(nanoseconds: t, sequence: sequence, event: event), encoder: encoder, line: &line)
        }
        return kind.isTerminal || elements.count >= wakeThreshold ? .recordedWithFollowUp : .recorded
    }

    @usableFromInline
    mutating func updateWakeThreshold() {
        var lowest = Int.max
        for waiter in waiters { lowest = min(lowest, waiter.wakeCondition.elementThreshold(consumed: consumed)) }
        wakeThreshold = lowest
    }

    @usableFromInline
    mutating func reject(_ event: StreamEvent<Input, Failure>, at t: Int64) {
        if let terminalKind = terminal?.kind {
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
                    EventLocation(index: eventCount, nanoseconds: t)
                )
            }
        } else if case .request(.max(let n)) = event {
            diagnostics.append(RecorderDiagnostic(kind: .invalidDemand(n), nanoseconds: t))
        } else {
            diagnostics.append(RecorderDiagnostic(kind: .lateSubscription, nanoseconds: t))
        }
    }

    /// Keeps a broken rule of the stream that the recording itself cannot show (a second subscription…).
    mutating func reportMisbehavior(_ kind: RecorderDiagnostic.Kind, message: String, at t: Int64) {
        diagnostics.append(RecorderDiagnostic(kind: kind, nanoseconds: t))
        if violation == nil { violation = (message, EventLocation(index: eventCount, nanoseconds: t)) }
    }

    /// The position among the events of the element at `position` among the elements. The elements before a control
    /// (its index less its position among the controls) never decrease along the controls, so a binary search finds
    /// how many controls precede the element.
    func eventIndex(ofElement position: Int) -> Int {
        var (low, high) = (0, controls.count)
        while low < high {
            let middle = (low + high) / 2
            if controls[middle].index - middle <= position { low = middle + 1 } else { high = middle }
        }
        return position + low
    }

    func recordedEvents() -> [RecordedEvent<Input, Failure>] {
        var events: [RecordedEvent<Input, Failure>] = []
        events.reserveCapacity(eventCount)
        var nextElement = 0
        for (position, control) in controls.enumerated() {
            while nextElement < control.index - position {
                let element = elements[nextElement]
                events.append(RecordedEvent(nanoseconds: element.nanoseconds, event: .value(element.value)))
                nextElement += 1
            }
            let event: StreamEvent<Input, Failure>
            switch control.kind {
            case .subscribe: event = .subscribe
            case .request: event = .request(control.demand ?? .unlimited)
            case .value: continue
            case .finished: event = .finished
            case .failure:
                guard let failure else { continue }
                event = .failure(failure)
            case .cancel: event = .cancel
            }
            events.append(RecordedEvent(nanoseconds: control.nanoseconds, event: event))
        }
        for element in elements[nextElement...] {
            events.append(RecordedEvent(nanoseconds: element.nanoseconds, event: .value(element.value)))
        }
        if sequences.count == events.count {
            for index in events.indices { events[index].sequence = sequences[index] }
        }
        return events
    }
}
