/// What a window of a trace holds so far, in constant memory: how many elements, the last event, the completion or
/// cancel, the last few values (for failure timelines) and, for a window ending at a time (`within`), the first event
/// after it. The pass keeps one for the whole trace; a query with `within` keeps its own from its window's start.
struct WindowState {
    /// The window's last instant; `nil`: it ends with the trace.
    private(set) var endTime: Int64?
    private(set) var elementCount = 0
    private(set) var lastEvent: (kind: EventKind, location: EventLocation)?
    /// The event before ``lastEvent``, for a window that starts again just before it.
    private var previousEvent: (kind: EventKind, location: EventLocation)?
    private(set) var completion: (completion: StreamCompletion<TraceFailure>, location: EventLocation)?
    private(set) var cancel: EventLocation?
    /// The first event after ``endTime``: the window is over.
    private(set) var nextEvent: (kind: EventKind, location: EventLocation)?
    private(set) var recent: RecentValues

    /// A window ending at `endTime` (`nil`: with the trace) whose `newestWhole` newest values are kept at any length.
    init(endTime: Int64? = nil, newestWhole: Int = 0) {
        self.endTime = endTime
        recent = RecentValues(newestWhole: newestWhole)
    }

    /// Whether no later event can fall in the window.
    var isOver: Bool { nextEvent != nil || completion != nil || cancel != nil }

    /// Counts `count` values that come before the last ``RecentValues/capacity`` values this window takes (so before
    /// its last two events): in a window that ends with the trace they leave nothing else in it.
    mutating func skip(values count: Int) {
        precondition(endTime == nil, "a window that ends at a time checks each event's time")
        elementCount += count
    }

    /// Takes the next event of the trace; false when it falls after the window.
    mutating func take(_ event: TraceScanEvent) -> Bool {
        // Most events first, on their own; the others' work, which made this too large for the optimizer to
        // inline the pass's consumer into the scan loop, is in takeAny. The value's lines repeat takeAny's on
        // purpose: shared through a helper, they kept the consumer out of the loop (docs/performance.md).
        guard endTime == nil, event.kind == .value else { return takeAny(event) }
        let location = event.location
        if let bytes = event.valueBytes { recent.keepDeferred(bytes, location, index: elementCount) }
        elementCount += 1
        previousEvent = lastEvent
        lastEvent = (.value, location)
        return true
    }

    /// ``take(_:)`` for any event.
    private mutating func takeAny(_ event: TraceScanEvent) -> Bool {
        let location = event.location
        if let endTime, event.nanoseconds > endTime {
            if nextEvent == nil { nextEvent = (event.kind, location) }
            return false
        }
        switch event.kind {
        case .value:
            if let bytes = event.valueBytes { recent.keepDeferred(bytes, location, index: elementCount) }
            elementCount += 1
        case .finished: completion = (.finished, location)
        case .failure: completion = (.failure(event.failure ?? TraceFailure(type: "", message: "")), location)
        case .cancel: cancel = location
        case .subscribe, .request: break
        }
        previousEvent = lastEvent
        lastEvent = (event.kind, location)
        return true
    }

    mutating func bufferWillChange() {
        recent.copyDeferred()
    }

    /// A window of the same trace ending at `endTime`, as it stood before `event`, this window's last (which the new
    /// window then takes or leaves out), keeping its `newestWhole` newest values whatever their length.
    func before(_ event: TraceScanEvent, endingAt endTime: Int64?, newestWhole: Int) -> WindowState {
        var window = WindowState(endTime: endTime)
        window.elementCount = elementCount - (event.kind == .value ? 1 : 0)
        window.lastEvent = previousEvent
        window.recent = recent.keeping(newestWhole: newestWhole)
        return window
    }

    /// This window ending at `endTime` instead, keeping its `newestWhole` newest values whatever their length: what a
    /// window of the same trace that no event has fallen after yet holds.
    func ending(at endTime: Int64?, newestWhole: Int) -> WindowState {
        var window = self
        window.endTime = endTime
        window.nextEvent = nil
        window.recent = recent.keeping(newestWhole: newestWhole)
        return window
    }

    /// A window of the same trace ending at `endTime`, as it stands at the end, for a window starting after its last
    /// element: `tail` holds what fell in it after that element, and the first event after it.
    func atEnd(endingAt endTime: Int64?, tail: TailWindow, newestWhole: Int) -> WindowState {
        var window = WindowState(endTime: endTime, newestWhole: newestWhole)
        window.elementCount = elementCount
        window.recent = recent.keeping(newestWhole: newestWhole)
        window.lastEvent = tail.lastEvent ?? lastEvent
        window.nextEvent = tail.nextEvent
        return window
    }

    /// Adds a later part of the trace read on its own (a chunk), its indices and lines counting from `eventOffset` and
    /// `lineOffset`. For the whole trace's window only (no ``endTime``).
    mutating func append(_ later: WindowState, eventOffset: Int, lineOffset: Int) {
        let shifted = { (location: EventLocation) in location.shifted(events: eventOffset, lines: lineOffset) }
        recent.append(later.recent, elementOffset: elementCount, shift: shifted)
        elementCount += later.elementCount
        if let last = later.lastEvent {
            previousEvent = later.previousEvent.map { ($0.kind, shifted($0.location)) } ?? lastEvent
            lastEvent = (last.kind, shifted(last.location))
        }
        if let (value, location) = later.completion { completion = (value, shifted(location)) }
        if let location = later.cancel { cancel = shifted(location) }
    }

    /// How the window ended, once it is over or the trace is.
    func end(within: Duration?) -> WindowEnd {
        if let cancel { return .cancelled(cancel) }
        return within.map { .timeout($0) } ?? .endOfTrace
    }
}

extension TraceScanEvent {
    var location: EventLocation { EventLocation(index: index, line: line, nanoseconds: nanoseconds) }
}

extension EventLocation {
    /// This location in a part of a trace read on its own, in the whole trace: the part starts after `events` events
    /// and `lines` lines.
    func shifted(events: Int, lines: Int) -> EventLocation {
        EventLocation(index: index + events, line: line.map { $0 + lines }, nanoseconds: nanoseconds)
    }
}

/// The events after a trace's last element as a window of `within` from that element sees them: the last in it and
/// the first after it. The pass keeps one per `within` of its queries, so that a query whose cursor moves to the end
/// of an open trace (after `available`) has its window without keeping those events.
struct TailWindow {
    let within: Int64
    private(set) var lastEvent: (kind: EventKind, location: EventLocation)?
    private(set) var nextEvent: (kind: EventKind, location: EventLocation)?
    private var elementTime: Int64 = 0

    init(within: Int64) {
        self.within = within
    }

    mutating func take(_ event: TraceScanEvent) {
        let location = event.location
        if event.kind == .value {
            elementTime = event.nanoseconds
            lastEvent = (event.kind, location)
            nextEvent = nil
            return
        }
        let (end, overflow) = elementTime.addingReportingOverflow(within)
        if overflow || event.nanoseconds <= end {
            if nextEvent == nil { lastEvent = (event.kind, location) }
        } else if nextEvent == nil {
            nextEvent = (event.kind, location)
        }
    }
}
