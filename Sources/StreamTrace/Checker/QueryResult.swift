/// The outcome of one query against a trace.
package struct QueryResult: Sendable, Equatable {
    package enum Status: String, Sendable, Equatable {
        case pass, fail
    }

    package var query: Query
    /// The value the expectation passed with, as JSON text (also given
    /// when only the matcher failed); `nil` for an expectation that passes
    /// with nothing (`finished`).
    package var output: RawJSON?
    /// The event that decided the result.
    package var location: EventLocation?
    /// Why the query failed, as the same expectation fails in a test:
    /// what was expected, what the trace holds, the recent timeline.
    package var failure: RecordingError?
    /// The value when it was too long for the pass to keep whole (`output`
    /// is then `nil`): its first elements and where the rest is.
    package var partialOutput: PartialValue?

    package init(query: Query, output: RawJSON?, location: EventLocation?, failure: RecordingError?) {
        self.query = query
        self.output = output
        self.location = location
        self.failure = failure
    }

    package var status: Status { failure == nil ? .pass : .fail }

    /// The value the expectation passed with, decoded.
    package var value: JSONValue? { output?.value }

    /// For a pass, the value's text; for a failure, its explanation:
    /// `expected exactly one element, got 3 (line 4, t=+2.1ms); recent: -1-2-3-|`.
    package var summary: String {
        failure?.explanation ?? output?.text ?? partialOutput?.text ?? ""
    }
}

/// The outcome of checking queries against one trace.
package struct TraceCheckReport: Sendable, Equatable {
    package var header: TraceHeader
    package var status: TraceStatus
    package var warnings: [TraceReadWarning]
    package var results: [QueryResult]

    package var passedCount: Int { results.count { $0.status == .pass } }
    package var failedCount: Int { results.count { $0.status == .fail } }
}
