/// One query evaluated as the trace streams by, keeping only what its expectation reads (``TraceNeeds``). Queries
/// share one cursor, in order: one that may still move it is assumed not to, and when it does (always to just before
/// or after the event being read) the pass starts the queries after it again from there (``CheckPass``), so that
/// each query sees its window's elements from its cursor on exactly once.
protocol QueryStream: AnyObject {
    var query: Query { get }
    /// Whether it still takes events.
    var wantsEvents: Bool { get }
    /// The cursor it leaves, once known (`nil`: it may still move it).
    var cursorAfter: Int? { get }
    /// Starts (again) with the cursor at `cursor`, the pass reading `event` (taken next), or none at the start or end.
    func start(cursor: Int, in pass: PassState, at event: TraceScanEvent?)
    /// Takes the next event, which `pass` already holds.
    func take(_ event: TraceScanEvent, in pass: PassState) -> StreamStep
    /// How many of `batch`'s first events, up to `limit`, it would take without acting on any, `elementsBefore`
    /// elements before the block (0 if it cannot tell): the pass takes those in bulk.
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

    /// `decided` if the cursor left went from unknown to known; `done` unless `wantsEvents`.
    init(cursorBefore: Int?, after: Int?, wantsEvents: Bool) {
        rawValue = (cursorBefore != after ? 1 : 0) | (wantsEvents ? 0 : 2)
    }

    init(rawValue: UInt8) {
        self.rawValue = rawValue
    }
}

extension Verdict {
    /// The cursor a decided verdict leaves a query at, starting from `cursor`: where it moved it, else where it was;
    /// `nil` while pending.
    func cursorLeft(from cursor: Int) -> Int? {
        switch self {
        case .pending: nil
        case .failed: cursor
        case .passed(_, let moved, _): moved ?? cursor
        }
    }
}
