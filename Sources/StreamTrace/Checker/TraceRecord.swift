/// What one pass over a trace keeps for evaluating queries, as the
/// retention planned (see ``TraceRetention``): counts, the completion, the
/// values the queries need, and with `within` every event's time.
///
/// It is fed one event at a time, either by a ``TraceReader`` or by
/// ``TraceScan`` — then one record per chunk of the file, scanned in
/// parallel and joined in order with ``append(_:eventOffset:lineOffset:)``.
struct TraceRecord: TraceScanConsumer {
    let retention: TraceRetention

    private(set) var elementCount = 0
    private(set) var eventCount = 0
    /// The text of the first elements (or all of them), one after the
    /// other; `valueEnds[i]` is where element `i` ends.
    private(set) var valueBytes: [UInt8] = []
    private(set) var valueEnds: [Int] = []
    private(set) var valueLocations: [EventLocation] = []
    private(set) var last: (value: [UInt8], location: EventLocation)?
    private(set) var completion: (completion: StreamCompletion<TraceFailure>, location: EventLocation)?
    private(set) var cancel: EventLocation?
    private(set) var lastEvent: (kind: EventKind, location: EventLocation)?
    /// With `within`: every event's time, line and kind, and the event
    /// index of every element.
    private(set) var eventTimes: [Int64] = []
    private(set) var eventLines: [Int32] = []
    private(set) var eventKinds: [EventKind] = []
    private(set) var elementEvents: [Int32] = []
    /// The last few elements' values, for failure messages' timelines.
    private(set) var recent = RecentValues()

    init(retention: TraceRetention) {
        self.retention = retention
    }

    mutating func consume(_ event: TraceScanEvent) {
        // The scanner's value bytes stay put until it says otherwise: the
        // last few elements are copied then, not every element as it passes.
        record(
            event.kind, at: event.nanoseconds, line: event.line, value: event.valueBytes, failure: event.failure,
            valueStaysUntilBufferChanges: true)
    }

    mutating func bufferWillChange() {
        recent.copyDeferred()
    }

    /// Keeps what the retention asks of one event.
    mutating func record(
        _ kind: EventKind, at nanoseconds: Int64, line: Int, value: UnsafeRawBufferPointer?,
        failure: @autoclosure () -> TraceFailure?, valueStaysUntilBufferChanges: Bool = false
    ) {
        let location = EventLocation(index: eventCount, line: line, nanoseconds: nanoseconds)
        if retention.eventTimes {
            eventTimes.append(nanoseconds)
            eventLines.append(Int32(clamping: line))
            eventKinds.append(kind)
        }
        switch kind {
        case .value:
            if retention.eventTimes { elementEvents.append(Int32(clamping: eventCount)) }
            if let value { keep(value, location, deferred: valueStaysUntilBufferChanges) }
            elementCount += 1
        case .finished: completion = (.finished, location)
        case .failure: completion = (.failure(failure() ?? TraceFailure(type: "", message: "")), location)
        case .cancel: cancel = location
        case .subscribe, .request: break
        }
        lastEvent = (kind, location)
        eventCount += 1
    }

    private mutating func keep(_ value: UnsafeRawBufferPointer, _ location: EventLocation, deferred: Bool) {
        if retention.allValues || elementCount < retention.firstValues {
            valueBytes.append(contentsOf: value)
            valueEnds.append(valueBytes.count)
            valueLocations.append(location)
        }
        if retention.lastValue {
            var bytes = last?.value ?? []
            bytes.removeAll(keepingCapacity: true)
            bytes.append(contentsOf: value)
            last = (bytes, location)
        }
        guard !retention.allValues else { return }
        if deferred {
            recent.keepDeferred(value, location, index: elementCount)
        } else {
            recent.keep(value, location, index: elementCount)
        }
    }

    mutating func append(_ later: TraceRecord, eventOffset: Int, lineOffset: Int) {
        func shifted(_ location: EventLocation) -> EventLocation {
            EventLocation(
                index: location.index + eventOffset, line: location.line.map { $0 + lineOffset },
                nanoseconds: location.nanoseconds)
        }
        let room = retention.allValues ? later.valueEnds.count : max(retention.firstValues - valueEnds.count, 0)
        var start = 0
        for end in later.valueEnds.prefix(room) {
            valueBytes.append(contentsOf: later.valueBytes[start..<end])
            valueEnds.append(valueBytes.count)
            start = end
        }
        valueLocations += later.valueLocations.prefix(room).map(shifted)
        if let (value, location) = later.last { last = (value, shifted(location)) }
        if let (value, location) = later.completion { completion = (value, shifted(location)) }
        if let location = later.cancel { cancel = shifted(location) }
        if let (kind, location) = later.lastEvent { lastEvent = (kind, shifted(location)) }
        eventTimes += later.eventTimes
        eventLines += later.eventLines.map { $0 &+ Int32(clamping: lineOffset) }
        eventKinds += later.eventKinds
        elementEvents += later.elementEvents.map { $0 &+ Int32(clamping: eventOffset) }
        recent.append(later.recent, elementOffset: elementCount, shift: shifted)
        elementCount += later.elementCount
        eventCount += later.eventCount
    }
}

/// The values and locations of the last few elements of a trace, for
/// failure messages' recent timelines: one buffer per slot, reused, so that
/// keeping an element copies its bytes and allocates nothing once warm.
struct RecentValues {
    private var slots = [[UInt8]](repeating: [], count: RecentTimeline.defaultLimit)
    private var locations = [EventLocation?](repeating: nil, count: RecentTimeline.defaultLimit)
    private var indices = [Int](repeating: -1, count: RecentTimeline.defaultLimit)

    /// Values kept by ``keepDeferred(_:_:index:)``, not yet copied: where
    /// they are in the scanner's buffer, by slot.
    private var deferred = [UnsafeRawBufferPointer?](repeating: nil, count: RecentTimeline.defaultLimit)
    private var hasDeferred = false

    /// Keeps `value`, element `index`, in place of the oldest.
    mutating func keep(_ value: some Collection<UInt8>, _ location: EventLocation, index: Int) {
        let slot = index % RecentTimeline.defaultLimit
        slots[slot].removeAll(keepingCapacity: true)
        slots[slot].append(contentsOf: value)
        deferred[slot] = nil
        locations[slot] = location
        indices[slot] = index
    }

    /// Keeps `value` as ``keep(_:_:index:)`` does, but only where it is:
    /// the bytes must stay until ``copyDeferred()``.
    mutating func keepDeferred(_ value: UnsafeRawBufferPointer, _ location: EventLocation, index: Int) {
        let slot = index % RecentTimeline.defaultLimit
        deferred[slot] = value
        locations[slot] = location
        indices[slot] = index
        hasDeferred = true
    }

    /// Copies the values kept where they were, before their bytes go.
    mutating func copyDeferred() {
        guard hasDeferred else { return }
        for slot in deferred.indices {
            guard let value = deferred[slot] else { continue }
            slots[slot].removeAll(keepingCapacity: true)
            slots[slot].append(contentsOf: value)
            deferred[slot] = nil
        }
        hasDeferred = false
    }

    func value(_ index: Int) -> (RawJSON, EventLocation)? {
        let slot = index % RecentTimeline.defaultLimit
        guard index >= 0, indices[slot] == index, let location = locations[slot] else { return nil }
        precondition(deferred[slot] == nil, "a recent value read before the scanner copied it")
        return (RawJSON(validated: slots[slot][...]), location)
    }

    /// Keeps a later part's elements too, oldest first.
    mutating func append(_ later: RecentValues, elementOffset: Int, shift: (EventLocation) -> EventLocation) {
        let kept = zip(later.indices, zip(later.slots, later.locations)).filter { $0.0 >= 0 }.sorted { $0.0 < $1.0 }
        for (index, (bytes, location)) in kept {
            guard let location else { continue }
            keep(bytes, shift(location), index: index + elementOffset)
        }
    }
}
