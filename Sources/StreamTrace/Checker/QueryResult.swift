/// The outcome of one query against a trace.
public struct QueryResult: Sendable, Equatable {
    public enum Status: String, Sendable, Equatable {
        case pass, fail
    }

    public var query: Query
    public var status: Status
    /// The value the expectation passed with, as JSON text (also given
    /// when only the matcher failed).
    public var output: RawJSON?
    /// Why the query failed: what was expected and what the trace holds.
    public var message: String?
    /// The event that decided the result.
    public var location: EventLocation?
    /// For a failure: the last events of the query's window, as a marble line.
    public var timeline: RecentTimeline?

    public init(
        query: Query, status: Status, output: RawJSON?, message: String?, location: EventLocation?,
        timeline: RecentTimeline? = nil
    ) {
        self.query = query
        self.status = status
        self.output = output
        self.message = message
        self.location = location
        self.timeline = timeline
    }

    /// The value the expectation passed with, decoded.
    public var value: JSONValue? { output?.value }

    /// The message, the deciding event and the recent timeline:
    /// `expected exactly one element, got 3 (line 4, t=+2.1ms); recent: -1-2-3-|`.
    public var summary: String {
        var text = message ?? output?.text ?? ""
        guard status == .fail else { return text }
        if let location { text += " (\(location))" }
        if let timeline { text += "; recent: \(timeline)" }
        return text
    }
}

/// The outcome of checking queries against one trace.
public struct TraceCheckReport: Sendable, Equatable {
    public var header: TraceHeader
    public var status: TraceStatus
    public var warnings: [TraceReadWarning]
    public var results: [QueryResult]

    public var passedCount: Int { results.count { $0.status == .pass } }
    public var failedCount: Int { results.count { $0.status == .fail } }
}
