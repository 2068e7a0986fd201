/// One query evaluated as the trace streams by, keeping only what its expectation reads (``TraceNeeds``). Queries
/// share one cursor, in order: one that may still move it is assumed not to, and when it does (always to just before
/// or after the event being read) the pass starts the queries after it again from there (``CheckPass``), so that
/// each query sees its window's elements from its cursor on exactly once. Each kind (``EngineStream``,
/// ``MatchStream``, ``RunStream``) says how it takes an event (``take(_:in:)``); the cursor, the `within` window and
/// the result are kept here, once for all of them.
class QueryStream {
    let query: Query
    /// The cursor it starts from.
    private(set) var cursor = 0
    /// With `within` (``hasWindow``), the query's own window.
    var window = WindowState()
    let hasWindow: Bool
    /// How many of its window's newest values it keeps whatever their length (`last within D`).
    var newestWhole = 0
    var values = ElementValues()
    var wantsEvents = true
    /// The cursor it leaves, once known (`nil`: it may still move it).
    var cursorAfter: Int?

    init(_ query: Query) {
        self.query = query
        hasWindow = query.within != nil
    }

    /// Starts (again) with the cursor at `cursor`, the pass reading `event` (taken next), or none at the start or end.
    func start(cursor: Int, in pass: PassState, at event: TraceScanEvent?) {
        self.cursor = cursor
        if let within = query.within {
            window = pass.window(from: cursor, within: within, at: event, newestWhole: newestWhole)
        }
    }

    /// Takes the next event, which `pass` already holds: nothing here.
    func take(_ event: TraceScanEvent, in pass: PassState) {}

    /// How many of `batch`'s first events, up to `limit`, it would take without acting on any, `elementsBefore`
    /// elements before the block (0 if it cannot tell): the pass takes those in bulk. None here.
    func quietCount(in batch: EventBatch, upTo limit: Int, elementsBefore: Int) -> Int { 0 }

    /// The values kept where the scanner holds them are about to go.
    func bufferWillChange() {
        if hasWindow { window.bufferWillChange() }
    }

    /// The trace is over: the result, its expectation deciding over its final window.
    func finish(in pass: PassState) -> QueryResult {
        let streamed = streamedWindow(pass, isFinal: true)
        let (result, moved) = TraceChecker.result(
            of: query, query.expectation.check(in: streamed), in: streamed, place: streamed.place)
        cursorAfter = moved ?? cursor
        return result
    }

    func windowState(_ pass: PassState) -> WindowState {
        hasWindow ? window : pass.trace
    }

    /// What its expectation reads: its window from its cursor, with the values it kept.
    func streamedWindow(_ pass: PassState, isFinal: Bool) -> StreamedWindow {
        StreamedWindow(
            state: windowState(pass), consumedCount: cursor, values: values, first: pass.summary.first,
            within: query.within, writtenTimeout: query.writtenWithin, isFinal: isFinal, spool: pass.summary.spool)
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
