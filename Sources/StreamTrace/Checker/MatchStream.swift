/// A query whose expectation looks for the first element its condition accepts or rejects (`next where M`,
/// `not next where M`, `every where M`, `order`), scanning with a ``CompiledMatcher`` (or, for a condition without a
/// matcher, its test) and keeping only the element found. The
/// expectation decides, as soon as it is found and at the end, over a window answering its search with that element.
final class MatchStream: QueryStream {
    private let matcher: CompiledMatcher?
    private let search: ElementSearch
    /// The index of the element found, kept in ``QueryStream/values``.
    private var found: Int? {
        didSet { isFound = found != nil }
    }
    /// Whether ``found`` holds the element, read for each event.
    private var isFound = false
    /// Whether the expectation failed once the element was found (it then takes its window's events, for the timeline).
    private var isFailed = false

    init(_ query: Query, search: ElementSearch) {
        self.search = search
        matcher = search.matcher.map(CompiledMatcher.init)
        super.init(query)
    }

    private var firstIndex: Int {
        search.fromCursor ? cursor : 0
    }

    override func start(cursor: Int, in pass: PassState, at event: TraceScanEvent?) {
        super.start(cursor: cursor, in: pass, at: event)
        // A search from the first element goes on whatever the cursor: what
        // it found stays found (a later cursor only ends its window later).
        if search.fromCursor {
            found = nil
            values.removeAll()
        }
        cursorAfter = nil
        wantsEvents = true
        if found != nil { decide(in: pass) }
    }

    /// The events before the first element it finds (0 with a window of its own, or the element found).
    override func quietCount(in batch: EventBatch, upTo limit: Int, elementsBefore: Int) -> Int {
        guard !hasWindow, !isFound else { return 0 }
        let accepting = search.accepting
        // A block whose text holds none of a piece every matching value holds has no value the search is after: one
        // search of the block's bytes instead of one a value (a `where` that matches nothing, the common case).
        if accepting, limit > 0, let matcher, !matcher.mayMatch(within: batch.text(upTo: limit)) { return limit }
        let firstIndex = firstIndex
        // The matcher's own loop: called from here for each value, it was retained and released each time.
        if let matcher {
            return matcher.firstDecision(
                in: batch, upTo: limit, elementsBefore: elementsBefore, firstIndex: firstIndex, accepting: accepting)
        }
        return batch.firstValue(upTo: limit, elementsBefore: elementsBefore, firstIndex: firstIndex) {
            accepts($0) == accepting
        }
    }

    override func take(_ event: TraceScanEvent, in pass: PassState) {
        // The common case first: an element that decides nothing.
        if !hasWindow, !isFound, event.kind == .value, let bytes = event.valueBytes {
            let index = pass.elementCount - 1
            if index < firstIndex || accepts(bytes) != search.accepting { return }
        }
        if hasWindow, !window.take(event) {
            wantsEvents = false
            return
        }
        guard found == nil, event.kind == .value, let bytes = event.valueBytes else {
            if found != nil { wantsEvents = hasWindow && !window.isOver && isFailed }
            return
        }
        let index = (hasWindow ? window.elementCount : pass.elementCount) - 1
        guard index >= firstIndex, accepts(bytes) == search.accepting else { return }
        values.keep(bytes, at: event.location, index: index, spool: pass.summary.spool)
        found = index
        decide(in: pass)
    }

    /// Whether the condition accepts the value `bytes` hold: its matcher, compiled, else its own test.
    private func accepts(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if let matcher { return matcher.matches(bytes) }
        return search.test(RawJSON(validated: ArraySlice(bytes)))
    }

    /// Asks the expectation, the element found, while the trace goes on; sets the cursor and ``wantsEvents``.
    private func decide(in pass: PassState) {
        let verdict = query.expectation.check(in: streamedWindow(pass, isFinal: false))
        guard let after = verdict.cursorLeft(from: cursor) else { return }
        cursorAfter = after
        isFailed = if case .failed = verdict { true } else { false }
        wantsEvents = hasWindow && !window.isOver && isFailed
    }

    override func streamedWindow(_ pass: PassState, isFinal: Bool) -> StreamedWindow {
        var streamed = super.streamedWindow(pass, isFinal: isFinal)
        streamed.searched = (firstIndex, found)
        return streamed
    }
}
