/// What one pass over a trace kept for evaluating queries (a
/// ``TraceRecord``), with the trace's header and status: read in constant
/// memory unless the queries need every element.
struct TraceLog {
    let header: TraceHeader
    let status: TraceStatus
    let warnings: [TraceReadWarning]
    let record: TraceRecord
    /// For windows that end mid-trace: values read again from the trace
    /// when a failure's timeline needs them.
    private let refetch: ValueRefetch?

    var elementCount: Int { record.elementCount }
    var completion: (completion: StreamCompletion<TraceFailure>, location: EventLocation)? { record.completion }
    var cancel: EventLocation? { record.cancel }
    var lastEvent: (kind: EventKind, location: EventLocation)? { record.lastEvent }
    private var keepsEventTimes: Bool { record.retention.eventTimes }

    init(
        header: TraceHeader, status: TraceStatus, warnings: [TraceReadWarning], record: TraceRecord,
        reopen: (() throws -> TraceReader)?
    ) {
        self.header = header
        self.status = status
        self.warnings = warnings
        self.record = record
        refetch = reopen.map(ValueRefetch.init)
    }

    /// Reads the whole trace from `reader` (so that a malformed line
    /// anywhere is an error before anything is evaluated), keeping what
    /// `retention` says.
    init(reader: TraceReader, retention: TraceRetention, reopen: (() throws -> TraceReader)? = nil)
        throws(TraceReadError)
    {
        var record = TraceRecord(retention: retention)
        while let head = try reader.nextHead() {
            record.record(
                head.kind, at: head.nanoseconds, line: head.line, value: reader.currentValueBytes, failure: head.failure
            )
        }
        self.init(
            header: reader.header, status: reader.status, warnings: reader.warnings, record: record, reopen: reopen)
    }

    /// Element `index` as a failure message's timeline draws it: its value
    /// when the pass kept it (`nil` otherwise), and its time.
    func timelineElement(_ index: Int) -> (label: String?, nanoseconds: Int64) {
        if index < record.valueEnds.count {
            return (ValueText.message(value(index)), record.valueLocations[index].nanoseconds)
        }
        if let (value, location) = record.recent.value(index) {
            return (ValueText.message(value), location.nanoseconds)
        }
        return (refetch?.value(index).map(ValueText.message), elementLocation(index).nanoseconds)
    }

    // MARK: Windows

    /// The time of element `index` (needs `keepsEventTimes`, or a retained element).
    func elementTime(_ index: Int) -> Int64 {
        if index < record.valueLocations.count { return record.valueLocations[index].nanoseconds }
        return record.eventTimes[Int(record.elementEvents[index])]
    }

    func elementLocation(_ index: Int) -> EventLocation {
        if index < record.valueLocations.count { return record.valueLocations[index] }
        if keepsEventTimes { return eventLocation(Int(record.elementEvents[index])) }
        return record.last?.location ?? EventLocation(index: 0, nanoseconds: 0)
    }

    func eventLocation(_ index: Int) -> EventLocation {
        EventLocation(index: index, line: Int(record.eventLines[index]), nanoseconds: record.eventTimes[index])
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
        var high = record.eventTimes.count
        while low < high {
            let middle = (low + high) / 2
            if record.eventTimes[middle] <= end { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : (record.eventKinds[low - 1], eventLocation(low - 1))
    }

    /// The first event after `end` (needs `keepsEventTimes`).
    func firstEvent(after end: Int64) -> (kind: EventKind, location: EventLocation)? {
        guard keepsEventTimes else { return nil }
        var low = 0
        var high = record.eventTimes.count
        while low < high {
            let middle = (low + high) / 2
            if record.eventTimes[middle] <= end { low = middle + 1 } else { high = middle }
        }
        return low < record.eventTimes.count ? (record.eventKinds[low], eventLocation(low)) : nil
    }

    /// The value of element `index`, which the retention kept.
    func value(_ index: Int) -> RawJSON {
        if index < record.valueEnds.count {
            let start = index == 0 ? 0 : record.valueEnds[index - 1]
            return RawJSON(validated: record.valueBytes[start..<record.valueEnds[index]])
        }
        if let last = record.last, index == elementCount - 1 { return RawJSON(validated: last.value[...]) }
        assertionFailure("element \(index) was not retained")
        return RawJSON(.null)
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
