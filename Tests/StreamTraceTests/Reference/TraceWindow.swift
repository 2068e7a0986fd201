import StreamTrace

/// The events of a whole trace in memory up to the end of a query's
/// window: the reference evaluation's window.
struct TraceWindow: EventWindow {
    let log: TraceLog
    /// The window's last instant, or `nil` for the end of the trace.
    let endTime: Int64?
    let within: Duration?
    /// `within` as the query wrote it, which messages quote.
    let writtenTimeout: String?
    let consumedCount: Int
    let elementCount: Int

    init(log: TraceLog, cursor: Int, within: Duration?, writtenAs writtenTimeout: String? = nil) {
        self.log = log
        self.consumedCount = cursor
        self.within = within
        self.writtenTimeout = writtenTimeout
        if let within {
            let start = cursor > 0 ? log.elementTime(cursor - 1) : 0
            let (end, overflow) = start.addingReportingOverflow(TimeFormat.nanoseconds(within))
            endTime = overflow ? .max : end
        } else {
            endTime = nil
        }
        elementCount = log.elementCount(through: endTime)
    }

    private func inWindow(_ location: EventLocation) -> Bool {
        endTime.map { location.nanoseconds <= $0 } ?? true
    }

    func element(at index: Int) -> RawJSON { log.value(index) }

    func elementLocation(at index: Int) -> EventLocation { log.elementLocation(index) }

    var completion: (completion: StreamCompletion<TraceFailure>, location: EventLocation)? {
        guard let completion = log.completion, inWindow(completion.location) else { return nil }
        return completion
    }

    var lastEvent: (kind: EventKind, location: EventLocation)? { log.lastEvent(through: endTime) }

    var end: WindowEnd {
        if let cancel = log.cancel, inWindow(cancel) { return .cancelled(cancel) }
        if let within { return .timeout(within) }
        return .endOfTrace
    }

    var violation: (message: String, location: EventLocation)? { nil }

    var nextEvent: (kind: EventKind, location: EventLocation)? { endTime.flatMap(log.firstEvent(after:)) }

    func describe(_ element: RawJSON) -> String {
        ValueText.message(element.text)
    }
}
