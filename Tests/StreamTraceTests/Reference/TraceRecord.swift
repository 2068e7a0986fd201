@testable import StreamTrace

/// Every event of a trace, kept for the reference evaluation
/// (``TraceChecker/referenceEvaluations(of:)``): each element's value, and
/// each event's time, line and kind. Memory grows with the trace: the
/// pass `check` reads with keeps none of it (``CheckPass``).
struct TraceRecord {
    private(set) var elementCount = 0
    private(set) var eventCount = 0
    /// The text of every element, one after the other; `valueEnds[i]` is
    /// where element `i` ends.
    private(set) var valueBytes: [UInt8] = []
    private(set) var valueEnds: [Int] = []
    private(set) var valueLocations: [EventLocation] = []
    private(set) var completion: (completion: StreamCompletion<TraceFailure>, location: EventLocation)?
    private(set) var cancel: EventLocation?
    private(set) var lastEvent: (kind: EventKind, location: EventLocation)?
    private(set) var eventTimes: [Int64] = []
    private(set) var eventLines: [Int] = []
    private(set) var eventKinds: [EventKind] = []

    /// Keeps one event.
    mutating func record(
        _ kind: EventKind, at nanoseconds: Int64, line: Int, value: UnsafeRawBufferPointer?, failure: TraceFailure?
    ) {
        let location = EventLocation(index: eventCount, line: line, nanoseconds: nanoseconds)
        eventTimes.append(nanoseconds)
        eventLines.append(line)
        eventKinds.append(kind)
        switch kind {
        case .value:
            if let value { valueBytes.append(contentsOf: value) }
            valueEnds.append(valueBytes.count)
            valueLocations.append(location)
            elementCount += 1
        case .finished: completion = (.finished, location)
        case .failure: completion = (.failure(failure ?? TraceFailure(type: "", message: "")), location)
        case .cancel: cancel = location
        case .subscribe, .request: break
        }
        lastEvent = (kind, location)
        eventCount += 1
    }
}
