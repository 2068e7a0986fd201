@testable import StreamTrace

/// A whole trace held in memory (a ``TraceRecord``) with its header and
/// status, and what a query's window asks of it: the reference that
/// ``CheckPass`` is held to.
struct TraceLog {
    let header: TraceHeader
    let status: TraceStatus
    let warnings: [TraceReadWarning]
    let record: TraceRecord

    var elementCount: Int { record.elementCount }
    var completion: (completion: StreamCompletion<TraceFailure>, location: EventLocation)? { record.completion }
    var cancel: EventLocation? { record.cancel }

    /// Reads the whole trace from `reader`.
    init(reader: TraceReader) throws(TraceReadError) {
        var record = TraceRecord()
        while let head = try reader.nextHead() {
            record.record(
                head.kind, at: head.nanoseconds, line: head.line, value: reader.currentValueBytes, failure: head.failure
            )
        }
        header = reader.header
        status = reader.status
        warnings = reader.warnings
        self.record = record
    }

    /// The time of element `index`.
    func elementTime(_ index: Int) -> Int64 { record.valueLocations[index].nanoseconds }

    func elementLocation(_ index: Int) -> EventLocation { record.valueLocations[index] }

    func eventLocation(_ index: Int) -> EventLocation {
        EventLocation(index: index, line: record.eventLines[index], nanoseconds: record.eventTimes[index])
    }

    /// How many elements happened at or before `end`.
    func elementCount(through end: Int64?) -> Int {
        guard let end else { return elementCount }
        return Self.count(record.valueLocations.count) { elementTime($0) <= end }
    }

    /// How many of the first `count` items `isEarly` holds for (a prefix).
    private static func count(_ count: Int, _ isEarly: (Int) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if isEarly(middle) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The last event at or before `end`.
    func lastEvent(through end: Int64?) -> (kind: EventKind, location: EventLocation)? {
        guard let end else { return record.lastEvent }
        let count = Self.count(record.eventTimes.count) { record.eventTimes[$0] <= end }
        return count == 0 ? nil : (record.eventKinds[count - 1], eventLocation(count - 1))
    }

    /// The first event after `end`.
    func firstEvent(after end: Int64) -> (kind: EventKind, location: EventLocation)? {
        let count = Self.count(record.eventTimes.count) { record.eventTimes[$0] <= end }
        return count < record.eventTimes.count ? (record.eventKinds[count], eventLocation(count)) : nil
    }

    /// The value of element `index`.
    func value(_ index: Int) -> RawJSON {
        let start = index == 0 ? 0 : record.valueEnds[index - 1]
        return RawJSON(validated: record.valueBytes[start..<record.valueEnds[index]])
    }
}
