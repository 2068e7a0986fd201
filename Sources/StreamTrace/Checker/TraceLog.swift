/// What one pass over a trace kept for evaluating queries (see
/// ``TraceRetention``), read in constant memory unless the queries need
/// every element.
struct TraceLog {
    let header: TraceHeader
    let status: TraceStatus
    let warnings: [TraceReadWarning]

    private(set) var elementCount = 0
    private(set) var eventCount = 0
    /// The text of the first elements (or all of them), one after the
    /// other; `valueEnds[i]` is where element `i` ends.
    private(set) var valueBytes: [UInt8] = []
    private(set) var valueEnds: [Int] = []
    private(set) var valueLocations: [EventLocation] = []
    private(set) var last: (value: RawJSON, location: EventLocation)?
    private(set) var completion: (completion: StreamCompletion<TraceFailure>, location: EventLocation)?
    private(set) var cancel: EventLocation?
    private(set) var lastEvent: (kind: EventKind, location: EventLocation)?

    /// With `eventTimes`: every event's time, line and kind, and the event
    /// index of every element.
    private(set) var eventTimes: [Int64] = []
    private(set) var eventLines: [Int32] = []
    private(set) var eventKinds: [EventKind] = []
    private(set) var elementEvents: [Int32] = []
    let keepsEventTimes: Bool

    /// For failure messages' timelines: the last few elements' values,
    /// whole, in a ring (memory bounded by a few lines) …
    private var recent = RecentValues()
    /// … and, for windows that end mid-trace, values read again from the
    /// trace when a timeline needs them.
    private let refetch: ValueRefetch?

    /// Reads the whole trace (so that a malformed line anywhere is an
    /// error before anything is evaluated), keeping what `retention` says.
    init(
        reader: TraceReader, retention: TraceRetention, reopen: (() throws -> TraceReader)? = nil
    ) throws(TraceReadError) {
        keepsEventTimes = retention.eventTimes
        refetch = reopen.map(ValueRefetch.init)
        while let head = try reader.nextHead() {
            let location = head.location(index: eventCount)
            if keepsEventTimes {
                eventTimes.append(head.nanoseconds)
                eventLines.append(Int32(clamping: head.line))
                eventKinds.append(head.kind)
            }
            switch head.kind {
            case .value:
                if keepsEventTimes { elementEvents.append(Int32(clamping: eventCount)) }
                if retention.allValues || elementCount < retention.firstValues {
                    reader.appendRawValue(to: &valueBytes)
                    valueEnds.append(valueBytes.count)
                    valueLocations.append(location)
                }
                if retention.lastValue { last = (reader.rawValue(), location) }
                if !retention.allValues { recent.keep(reader, location, index: elementCount) }
                elementCount += 1
            case .finished: completion = (.finished, location)
            case .failure: completion = (.failure(head.failure ?? TraceFailure(type: "", message: "")), location)
            case .cancel: cancel = location
            case .subscribe, .request: break
            }
            lastEvent = (head.kind, location)
            eventCount += 1
        }
        header = reader.header
        status = reader.status
        warnings = reader.warnings
    }

    /// Element `index` as a failure message's timeline draws it: its value
    /// when the pass kept it (`nil` otherwise), and its time.
    func timelineElement(_ index: Int) -> (label: String?, nanoseconds: Int64) {
        if index < valueEnds.count {
            return (ValueText.message(value(index)), valueLocations[index].nanoseconds)
        }
        if let (value, location) = recent.value(index) { return (ValueText.message(value), location.nanoseconds) }
        return (refetch?.value(index).map(ValueText.message), elementLocation(index).nanoseconds)
    }

    // MARK: Windows

    /// The time of element `index` (needs `keepsEventTimes`, or a retained element).
    func elementTime(_ index: Int) -> Int64 {
        if index < valueLocations.count { return valueLocations[index].nanoseconds }
        return eventTimes[Int(elementEvents[index])]
    }

    func elementLocation(_ index: Int) -> EventLocation {
        if index < valueLocations.count { return valueLocations[index] }
        if keepsEventTimes { return eventLocation(Int(elementEvents[index])) }
        return last?.location ?? EventLocation(index: 0, nanoseconds: 0)
    }

    func eventLocation(_ index: Int) -> EventLocation {
        EventLocation(index: index, line: Int(eventLines[index]), nanoseconds: eventTimes[index])
    }

    /// How many elements happened at or before `end`.
    func elementCount(through end: Int64?) -> Int {
        guard let end else { return elementCount }
        var low = 0
        var high = elementCount
        while low < high {
            let middle = (low + high) / 2
            if elementTime(middle) <= end { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The last event at or before `end`.
    func lastEvent(through end: Int64?) -> (kind: EventKind, location: EventLocation)? {
        guard let end, keepsEventTimes else { return lastEvent }
        var low = 0
        var high = eventTimes.count
        while low < high {
            let middle = (low + high) / 2
            if eventTimes[middle] <= end { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : (eventKinds[low - 1], eventLocation(low - 1))
    }

    /// The first event after `end` (needs `keepsEventTimes`).
    func firstEvent(after end: Int64) -> (kind: EventKind, location: EventLocation)? {
        guard keepsEventTimes else { return nil }
        var low = 0
        var high = eventTimes.count
        while low < high {
            let middle = (low + high) / 2
            if eventTimes[middle] <= end { low = middle + 1 } else { high = middle }
        }
        return low < eventTimes.count ? (eventKinds[low], eventLocation(low)) : nil
    }

    /// The value of element `index`, which the retention kept.
    func value(_ index: Int) -> RawJSON {
        if index < valueEnds.count {
            let start = index == 0 ? 0 : valueEnds[index - 1]
            return RawJSON(validated: valueBytes[start..<valueEnds[index]])
        }
        if let last, index == elementCount - 1 { return last.value }
        assertionFailure("element \(index) was not retained")
        return RawJSON(.null)
    }
}

/// The values and locations of the last few elements of a trace, for
/// failure messages' recent timelines: one buffer per slot, reused, so that
/// keeping an element copies its bytes and allocates nothing once warm.
private struct RecentValues {
    private var slots = [[UInt8]](repeating: [], count: RecentTimeline.defaultLimit)
    private var locations = [EventLocation?](repeating: nil, count: RecentTimeline.defaultLimit)
    private var indices = [Int](repeating: -1, count: RecentTimeline.defaultLimit)

    /// Keeps the current value of `reader`, element `index`.
    mutating func keep(_ reader: TraceReader, _ location: EventLocation, index: Int) {
        let slot = index % RecentTimeline.defaultLimit
        slots[slot].removeAll(keepingCapacity: true)
        reader.appendRawValue(to: &slots[slot])
        locations[slot] = location
        indices[slot] = index
    }

    func value(_ index: Int) -> (RawJSON, EventLocation)? {
        let slot = index % RecentTimeline.defaultLimit
        guard indices[slot] == index, let location = locations[slot] else { return nil }
        return (RawJSON(validated: slots[slot][...]), location)
    }
}

/// Values a pass did not keep, read again from the trace when a failure's
/// timeline needs them: one pass per request that misses, collecting the
/// element asked for and the few after it (a timeline asks in order).
private final class ValueRefetch {
    private let reopen: () throws -> TraceReader
    private var values: [Int: RawJSON] = [:]

    init(_ reopen: @escaping () throws -> TraceReader) {
        self.reopen = reopen
    }

    func value(_ index: Int) -> RawJSON? {
        if let value = values[index] { return value }
        values.removeAll()
        guard let reader = try? reopen() else { return nil }
        var element = 0
        while element < index + RecentTimeline.defaultLimit, let head = try? reader.nextHead() {
            guard head.kind == .value else { continue }
            if element >= index { values[element] = reader.rawValue() }
            element += 1
        }
        return values[index]
    }
}
