/// The outcome of one query against a trace.
public struct QueryResult: Sendable, Equatable {
    public enum Status: String, Sendable, Equatable {
        case pass, fail
    }

    public var query: Query
    /// The value the expectation passed with, as JSON text (also given
    /// when only the matcher failed); `nil` for an expectation that passes
    /// with nothing (`finished`).
    public var output: RawJSON?
    /// The event that decided the result.
    public var location: EventLocation?
    /// Why the query failed, as the same expectation fails in a test:
    /// what was expected, what the trace holds, the recent timeline.
    public var failure: RecordingError?
    /// The value when it was too long for the pass to keep whole (`output`
    /// is then `nil`): its first elements and where the rest is.
    package var partialOutput: PartialValue?

    public init(query: Query, output: RawJSON?, location: EventLocation?, failure: RecordingError?) {
        self.query = query
        self.output = output
        self.location = location
        self.failure = failure
    }

    public var status: Status { failure == nil ? .pass : .fail }

    /// The value the expectation passed with, decoded.
    public var value: JSONValue? { output?.value }

    /// For a pass, the value's text; for a failure, its explanation:
    /// `expected exactly one element, got 3 (line 4, t=+2.1ms); recent: -1-2-3-|`.
    public var summary: String {
        failure?.explanation ?? output?.text ?? partialOutput?.text ?? ""
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
