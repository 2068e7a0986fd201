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

    /// For failure messages' timelines: the first bytes of the last few
    /// elements' texts, in a ring; with `eventTimes` (windows may end
    /// anywhere), the first 20 bytes of every element's, at a fixed stride.
    private(set) var labelBytes: [UInt8] = []
    private(set) var labelLengths: [UInt8] = []
    private var ring = LabelRing()
    fileprivate static let labelBytesLimit = 64
    private static let shortLabelBytes = 20

    /// Reads the whole trace (so that a malformed line anywhere is an
    /// error before anything is evaluated), keeping what `retention` says.
    init(reader: TraceReader, retention: TraceRetention) throws(TraceReadError) {
        keepsEventTimes = retention.eventTimes
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
                if keepsEventTimes {
                    let start = labelBytes.count
                    labelBytes.append(contentsOf: repeatElement(0, count: Self.shortLabelBytes))
                    let count = labelBytes.withUnsafeMutableBytes {
                        reader.copyRawValuePrefix(into: .init(rebasing: $0[start...]))
                    }
                    labelLengths.append(UInt8(count))
                } else if !retention.allValues {
                    ring.keep(reader, location, index: elementCount)
                }
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

    /// Element `index` as a failure message's timeline draws it.
    func timelineElement(_ index: Int) -> (label: String?, nanoseconds: Int64) {
        func label(_ bytes: some Collection<UInt8>, limit: Int = Self.labelBytesLimit) -> String {
            ValueText.label(prefix: bytes, byteLimit: limit)
        }
        if keepsEventTimes {
            let start = index * Self.shortLabelBytes
            let bytes = labelBytes[start..<start + Int(labelLengths[index])]
            return (label(bytes, limit: Self.shortLabelBytes), elementTime(index))
        }
        if index < valueEnds.count {
            let start = index == 0 ? 0 : valueEnds[index - 1]
            return (
                label(valueBytes[start..<valueEnds[index]].prefix(Self.labelBytesLimit)),
                valueLocations[index].nanoseconds
            )
        }
        if index >= elementCount - ring.count {
            let slot = index % RecentTimeline.defaultLimit
            return (label(ring.bytes(slot)), ring.locations[slot].nanoseconds)
        }
        return (nil, elementLocation(index).nanoseconds)
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

/// The first bytes and the locations of the last few elements of a trace,
/// kept with one copy per element into a buffer allocated once.
private struct LabelRing {
    private var storage = [UInt8](repeating: 0, count: RecentTimeline.defaultLimit * TraceLog.labelBytesLimit)
    private var lengths = [Int](repeating: 0, count: RecentTimeline.defaultLimit)
    private(set) var locations = [EventLocation](
        repeating: EventLocation(index: 0, nanoseconds: 0), count: RecentTimeline.defaultLimit)
    /// How many slots hold an element.
    private(set) var count = 0

    /// Keeps the current value of `reader`, element `index`.
    mutating func keep(_ reader: TraceReader, _ location: EventLocation, index: Int) {
        let slot = index % RecentTimeline.defaultLimit
        let start = slot * TraceLog.labelBytesLimit
        lengths[slot] = storage.withUnsafeMutableBytes {
            reader.copyRawValuePrefix(into: .init(rebasing: $0[start..<start + TraceLog.labelBytesLimit]))
        }
        locations[slot] = location
        count = min(count + 1, RecentTimeline.defaultLimit)
    }

    func bytes(_ slot: Int) -> ArraySlice<UInt8> {
        let start = slot * TraceLog.labelBytesLimit
        return storage[start..<start + lengths[slot]]
    }
}
