/// The results of a list of queries against one trace, evaluated one at a
/// time as the sequence is iterated, in order, sharing one cursor (see
/// ``TraceChecker/evaluations(of:reopen:)``). Iterate it once.
public struct TraceEvaluations: Sequence {
    let log: TraceLog
    let queries: [Query]

    /// The trace's header.
    public var header: TraceHeader { log.header }
    /// How the trace ends.
    public var status: TraceStatus { log.status }
    /// What the reader warned about (a truncated last line).
    public var warnings: [TraceReadWarning] { log.warnings }

    public struct Iterator: IteratorProtocol {
        let log: TraceLog
        var queries: IndexingIterator<[Query]>
        var cursor = 0

        public mutating func next() -> QueryResult? {
            queries.next().map { TraceChecker.evaluate($0, in: log, cursor: &cursor) }
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(log: log, queries: queries.makeIterator())
    }
}
