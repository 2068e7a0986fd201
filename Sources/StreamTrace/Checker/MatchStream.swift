/// A query whose expectation looks for the first element its condition accepts or rejects (`next where M`,
/// `not next where M`, `every where M`), scanning with a ``CompiledMatcher`` and keeping only the element found. The
/// expectation decides, as soon as it is found and at the end, over a window answering its search with that element.
final class MatchStream: QueryStream {
    let query: Query
    private let matcher: CompiledMatcher
    private let search: ElementSearch
    private var cursor = 0
    /// With `within`, the query's own window (``hasWindow``).
    private var window = WindowState()
    private let hasWindow: Bool
    private var found: (value: KeptValue, location: EventLocation, index: Int)? {
        didSet { isFound = found != nil }
    }
    /// Whether ``found`` holds the element, read for each event.
    private var isFound = false
    private(set) var wantsEvents = true
    private(set) var cursorAfter: Int?

    init(_ query: Query, search: ElementSearch) {
        self.query = query
        hasWindow = query.within != nil
        self.search = search
        matcher = CompiledMatcher(search.matcher)
    }

    private var firstIndex: Int {
        search.fromCursor ? cursor : 0
    }

    func start(cursor: Int, in pass: PassState, at event: TraceScanEvent?) {
        self.cursor = cursor
        // A search from the first element goes on whatever the cursor: what
        // it found stays found (a later cursor only ends its window later).
        if search.fromCursor { found = nil }
        if let within = query.within { window = pass.window(from: cursor, within: within, at: event) }
        cursorAfter = nil
        wantsEvents = true
        if found != nil { decide(in: pass) }
    }

    /// The common case, an element that decides nothing, inline in the pass's loop; else ``takeDeciding(_:in:)``.
    func take(_ event: TraceScanEvent, in pass: PassState) -> StreamStep {
        if !hasWindow, !isFound, event.kind == .value, let bytes = event.valueBytes {
            let index = pass.elementCount - 1
            if index < firstIndex || matcher.matches(bytes) != search.accepting { return [] }
        }
        return takeDeciding(event, in: pass)
    }

    /// How many of `batch`'s first events, up to `limit`, ``take(_:in:)`` would take without acting on any: those
    /// before the first element it finds (0 with a window of its own, or the element found).
    func quietCount(in batch: EventBatch, upTo limit: Int, elementsBefore: Int) -> Int {
        guard !hasWindow, !isFound else { return 0 }
        var index = elementsBefore
        for position in 0..<limit where batch.isValue(at: position) {
            if let bytes = batch.value(at: position), index >= firstIndex, matcher.matches(bytes) == search.accepting {
                return position
            }
            index += 1
        }
        return limit
    }

    private func takeDeciding(_ event: TraceScanEvent, in pass: PassState) -> StreamStep {
        let before = cursorAfter
        if hasWindow, !window.take(event) {
            wantsEvents = false
            return StreamStep(cursorBefore: before, after: cursorAfter, wantsEvents: false)
        }
        guard found == nil, event.kind == .value, let bytes = event.valueBytes else {
            if found != nil { wantsEvents = hasWindow && !window.isOver && isFailed }
            return wantsEvents ? [] : .done
        }
        let index = (hasWindow ? window.elementCount : pass.elementCount) - 1
        guard index >= firstIndex, matcher.matches(bytes) == search.accepting else { return [] }
        let location = EventLocation(index: event.index, line: event.line, nanoseconds: event.nanoseconds)
        found = (KeptValue(bytes, spool: pass.spool), location, index)
        decide(in: pass)
        return StreamStep(cursorBefore: before, after: cursorAfter, wantsEvents: wantsEvents)
    }

    /// Whether the expectation failed once the element was found (it then takes its window's events, for the timeline).
    private var isFailed = false

    /// Asks the expectation, the element found, while the trace goes on; sets the cursor and ``wantsEvents``.
    private func decide(in pass: PassState) {
        switch query.expectation.check(in: streamedWindow(pass, isFinal: false)) {
        case .pending:
            return
        case .failed:
            cursorAfter = cursor
            isFailed = true
        case .passed(_, let moved, _):
            cursorAfter = moved ?? cursor
            isFailed = false
        }
        wantsEvents = hasWindow && !window.isOver && isFailed
    }

    func bufferWillChange() {
        if hasWindow { window.bufferWillChange() }
    }

    func finish(in pass: PassState) -> QueryResult {
        let streamed = streamedWindow(pass, isFinal: true)
        let (result, moved) = TraceChecker.result(
            of: query, query.expectation.check(in: streamed), in: streamed, place: streamed.place)
        cursorAfter = moved ?? cursor
        return result
    }

    private func streamedWindow(_ pass: PassState, isFinal: Bool) -> StreamedWindow {
        var values = ElementValues()
        if let found { values.keep(found.value, at: found.location, index: found.index) }
        var streamed = pass.streamedWindow(
            for: query, hasWindow ? window : pass.trace, cursor: cursor, values: values, isFinal: isFinal)
        streamed.searched = (firstIndex, found?.index)
        return streamed
    }
}
