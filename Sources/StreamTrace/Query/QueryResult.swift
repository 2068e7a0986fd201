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

    public init(query: Query, status: Status, output: RawJSON?, message: String?, location: EventLocation?) {
        self.query = query
        self.status = status
        self.output = output
        self.message = message
        self.location = location
    }

    /// The value the expectation passed with, decoded.
    public var value: JSONValue? { output?.value }

    /// The message and the deciding event: `expected exactly one element,
    /// got 3 (line 4, t=+2.1ms)`.
    public var summary: String {
        let text = message ?? output?.text ?? ""
        guard status == .fail, let location else { return text }
        return "\(text) (\(location))"
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
