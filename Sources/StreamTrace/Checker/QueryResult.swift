/// The outcome of one query against a trace.
package struct QueryResult: Sendable, Equatable {
    package enum Status: String, Sendable, Equatable {
        case pass, fail
    }

    package var query: Query
    /// The value the expectation passed with, as JSON text (also given when only the matcher failed); `nil` for an
    /// expectation that passes with nothing (`finished`). A value held by its place (``outputPlace``) is read back
    /// whole: reports write it from there instead.
    package var output: RawJSON? { keptOutput ?? outputPlace?.value }
    private var keptOutput: RawJSON?
    /// The value's place, not a copy, when it is over 64 KiB and the pass spooled it (``ValueSpool``).
    package private(set) var outputPlace: ValuePlace?
    /// The event that decided the result.
    package var location: EventLocation?
    /// The trace file of ``location``'s line, for a group read from a folder; `nil` for one trace.
    package var file: String?
    /// Why the query failed, as in a test: what was expected, what the trace holds, the recent timeline.
    package var failure: RecordingError?
    /// The value when too long for the pass to keep whole (`output` is `nil`): its first elements, where the rest is.
    package var partialOutput: PartialValue?

    package init(query: Query, output: RawJSON?, location: EventLocation?, failure: RecordingError?) {
        self.query = query
        keptOutput = output
        self.location = location
        self.failure = failure
    }

    package var status: Status { failure == nil ? .pass : .fail }

    /// For a pass, the value's text; for a failure, its explanation:
    /// `expected exactly one element, got 3 (line 4, t=+2.1ms); recent: -1-2-3-|`.
    package var summary: String {
        failure?.explanation ?? output?.text ?? partialOutput?.text ?? ""
    }

    /// The result with the files of its locations (the deciding event's, the failure's): a group's results name the
    /// member file each event came from.
    package func located(by file: (EventLocation) -> String?) -> QueryResult {
        var result = self
        result.file = location.flatMap(file)
        result.failure?.file = failure?.location.flatMap(file)
        return result
    }

    /// Holds `output` as the pass kept it: whole, its start (partial), or its place.
    mutating func hold(_ output: QueryOutput?) {
        switch output {
        case .whole(let value)?: keptOutput = value
        case .partial(let partial)?: partialOutput = partial
        case .placed(let place)?: outputPlace = place
        case nil: break
        }
    }

    /// The same results: the same values, read back from where they are held.
    package static func == (lhs: QueryResult, rhs: QueryResult) -> Bool {
        lhs.query == rhs.query && lhs.location == rhs.location && lhs.file == rhs.file && lhs.failure == rhs.failure
            && lhs.partialOutput == rhs.partialOutput
            && (lhs.outputPlace != nil && lhs.outputPlace == rhs.outputPlace || lhs.output == rhs.output)
    }
}
