/// A query its expectation decides over a ``StreamedWindow`` (the one engine), which keeps what its ``TraceNeeds``
/// say: the first elements, the few after the cursor, the last few. It decides when its window or the trace is over;
/// an expectation that may move the cursor (`next`) is also asked as its elements come, as a wait would be, so that
/// the queries after it know their cursor while the elements after it are still to come.
final class EngineStream: QueryStream {
    private let needs: TraceNeeds
    private let wake: WakeCondition
    private let mayMoveCursor: Bool
    /// Whether its window is the pass's until an event falls after it (``sharedEnd``): a query with `within` that
    /// neither moves the cursor nor keeps its newest value whole (`finished within 1h`).
    private let sharesWindow: Bool
    /// Where the window ends while it is the pass's (no event after it yet, the trace going on); it is then copied
    /// from the pass's, not kept event by event.
    private var sharedEnd: Int64?

    override init(_ query: Query) {
        needs = query.expectation.traceNeeds
        wake = query.expectation.wakeCondition
        mayMoveCursor = needs.consumes > 0
        sharesWindow = query.within != nil && !mayMoveCursor && !needs.lastElement
        super.init(query)
        newestWhole = needs.lastElement ? 1 : 0
    }

    override func start(cursor: Int, in pass: PassState, at event: TraceScanEvent?) {
        super.start(cursor: cursor, in: pass, at: event)
        values.removeAll()
        if hasWindow {
            // Not when it starts at the trace's end: its window is then the tail's, not the pass's.
            let live = event != nil || pass.trace.lastEvent == nil
            sharedEnd = sharesWindow && live && !window.isOver ? window.endTime : nil
        }
        cursorAfter = mayMoveCursor ? nil : cursor
        wantsEvents = hasWindow || mayMoveCursor
    }

    /// While it shares the pass's window, the events before the first after it or the trace's end (else 0).
    override func quietCount(in batch: EventBatch, upTo limit: Int, elementsBefore _: Int) -> Int {
        guard let end = sharedEnd else { return 0 }
        for position in 0..<limit {
            let event = batch.event(at: position, eventOffset: 0, lineOffset: 0)
            if event.nanoseconds > end || event.kind.isTerminal { return position }
        }
        return limit
    }

    override func take(_ event: TraceScanEvent, in pass: PassState) {
        if let end = sharedEnd {
            // The pass took `event` already: its window is this one's, with it.
            if event.nanoseconds > end {
                window = pass.trace.before(event, endingAt: end, newestWhole: 0)
                _ = window.take(event)
                sharedEnd = nil
                wantsEvents = false
            } else if event.kind.isTerminal {
                unshare(pass)
            }
            return
        }
        if hasWindow, !window.take(event) {
            wantsEvents = mayMoveCursor && cursorAfter == nil
            return
        }
        let count = hasWindow ? window.elementCount : pass.elementCount
        if event.kind == .value, let bytes = event.valueBytes {
            let index = count - 1
            if index >= cursor && index - cursor < needs.consumes {
                values.keep(bytes, at: event.location, index: index, spool: pass.summary.spool)
            }
        }
        guard mayMoveCursor, cursorAfter == nil,
            wake.isMet(by: event.kind, elementCount: count, consumedCount: cursor)
        else { return }
        let verdict = query.expectation.check(in: streamedWindow(pass, isFinal: false))
        guard let after = verdict.cursorLeft(from: cursor) else { return }
        cursorAfter = after
        wantsEvents = hasWindow && !window.isOver
    }

    override func finish(in pass: PassState) -> QueryResult {
        unshare(pass)
        return super.finish(in: pass)
    }

    /// Its window, while the pass's, as the pass's stands now, ending where it ends.
    private func unshare(_ pass: PassState) {
        guard let end = sharedEnd else { return }
        window = pass.trace.ending(at: end, newestWhole: 0)
        sharedEnd = nil
    }
}
