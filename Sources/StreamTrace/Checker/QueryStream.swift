/// One query evaluated as the trace streams by, in memory bounded by the
/// longest line: it keeps only what its expectation reads (see
/// ``TraceNeeds``), and decides at the end of its window.
///
/// Queries share one cursor, in order. A query that may still move it is
/// assumed not to, and the queries after it run from there; when it does
/// move it, always to just before or just after the event being read, the
/// pass starts them again from the new cursor (``CheckPass``). So every
/// query sees each of its window's elements from its cursor on as it
/// streams by, exactly once, and what it needs from before its cursor (the
/// first elements, the last few, the counts) the pass keeps for all.
protocol QueryStream: AnyObject {
    var query: Query { get }
    /// Whether it still takes events.
    var wantsEvents: Bool { get }
    /// The cursor it leaves, once known (`nil`: it may still move it).
    var cursorAfter: Int? { get }
    /// Starts, or starts again, with the cursor at `cursor`; the pass is
    /// reading `event` (it takes it next), or none (at the start or the end).
    func start(cursor: Int, in pass: PassState, at event: TraceScanEvent?)
    /// Takes the next event (`pass` already holds it): whether the cursor
    /// it leaves may have changed, and whether it wants no more events.
    func take(_ event: TraceScanEvent, in pass: PassState) -> StreamStep
    /// How many of `batch`'s first events, up to `limit`, it would take
    /// without acting on any, `elementsBefore` elements before the block
    /// (0 when it cannot tell): the pass takes those in bulk.
    func quietCount(in batch: EventBatch, upTo limit: Int, elementsBefore: Int) -> Int
    /// The values kept where the scanner holds them are about to go.
    func bufferWillChange()
    /// The trace is over: the result.
    func finish(in pass: PassState) -> QueryResult
}

/// What taking an event did to a query.
struct StreamStep: OptionSet {
    let rawValue: UInt8
    /// The cursor it leaves may have changed: it was decided.
    static let decided = StreamStep(rawValue: 1)
    /// It wants no more events.
    static let done = StreamStep(rawValue: 2)

    /// `decided` when the cursor left went from unknown to known, and
    /// `done` unless `wantsEvents`.
    init(cursorBefore: Int?, after: Int?, wantsEvents: Bool) {
        rawValue = (cursorBefore != after ? 1 : 0) | (wantsEvents ? 0 : 2)
    }

    init(rawValue: UInt8) {
        self.rawValue = rawValue
    }
}
