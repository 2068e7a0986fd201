/// The queries whose value is a run of elements — `elements`, `recording`,
/// `available`, `prefix N`, `not prefix N`, `next N` — built and compared
/// as the elements stream by (``RunValue``), never held whole.
///
/// A pass decides as the expectation does (the differential test holds
/// the two to the same results); every failure is the expectation's own,
/// over the query's window, which a failure of these never reads the
/// values of.
final class RunStream: QueryStream {
    enum Kind {
        case elements, recording, available
        case prefix(Int)
        case notPrefix(Int)
        case next(Int)
    }

    let query: Query
    private let kind: Kind
    private let limit: Int?
    @exclusivity(unchecked) private var cursor = 0
    /// With `within`, the query's own window (``hasWindow``).
    @exclusivity(unchecked) private var window = WindowState()
    private let hasWindow: Bool
    @exclusivity(unchecked) private var run: RunValue
    /// The location of the run's last element, once it is full.
    @exclusivity(unchecked) private var values = ElementValues()
    @exclusivity(unchecked) private(set) var wantsEvents = true
    @exclusivity(unchecked) private(set) var cursorAfter: Int?

    init(_ query: Query, kind: Kind, limit: Int?) {
        self.query = query
        hasWindow = query.within != nil
        self.kind = kind
        self.limit = limit
        run = RunValue(start: 0, maximumLength: nil, limit: nil, matcher: nil, isRecording: false)
    }

    private var maximumLength: Int? {
        switch kind {
        case .prefix(let n), .notPrefix(let n), .next(let n): n
        case .elements, .recording, .available: nil
        }
    }

    /// Whether the run starts at the cursor (`next N`), not at the
    /// trace's first element.
    private var runsFromCursor: Bool {
        if case .next = kind { return true }
        return false
    }

    private var isRecording: Bool {
        if case .recording = kind { return true }
        return false
    }

    func start(cursor: Int, in pass: PassState, at event: TraceScanEvent?) {
        let isFirstStart = cursorAfter == nil && !hasStarted
        hasStarted = true
        self.cursor = cursor
        if let within = query.within { window = pass.window(from: cursor, within: within, at: event) }
        // A run from the first element goes on whatever the cursor (and
        // past a window's end: a later cursor may end the window later).
        if runsFromCursor || isFirstStart {
            run = RunValue(
                start: runsFromCursor ? cursor : 0, maximumLength: maximumLength, limit: limit,
                matcher: query.matcher, isRecording: isRecording)
            if runsFromCursor { values.removeAll() }
        }
        cursorAfter = movesCursor ? nil : cursor
        wantsEvents = true
        decideEarly(in: pass)
    }

    @exclusivity(unchecked) private var hasStarted = false

    private var movesCursor: Bool {
        switch kind {
        case .elements, .recording: false
        case .available, .prefix, .notPrefix, .next: true
        }
    }

    func take(_ event: TraceScanEvent, in pass: PassState) -> StreamStep {
        let before = cursorAfter
        let inWindow = !hasWindow || window.take(event)
        if event.kind == .value, let bytes = event.valueBytes, inWindow || !runsFromCursor, run.wantsMore {
            let index = pass.elementCount - 1
            if index >= run.start {
                run.take(bytes)
                if run.isFull {
                    let location = EventLocation(index: event.index, line: event.line, nanoseconds: event.nanoseconds)
                    values.keepLocation(location, index: index)
                }
            }
        }
        decideEarly(in: pass, isOver: !inWindow)
        let windowOpen = hasWindow && !window.isOver && inWindow
        wantsEvents = windowOpen || cursorAfter == nil || run.wantsMore
        return StreamStep(cursorBefore: before, after: cursorAfter, wantsEvents: wantsEvents)
    }

    /// Learns the cursor this query leaves as soon as it is known.
    private func decideEarly(in pass: PassState, isOver closed: Bool = false) {
        guard cursorAfter == nil else { return }
        // The few fields read, not the window (a copy of it an event cost `prefix N` more than its run).
        if hasWindow {
            decideEarly(window.elementCount, window.completion, window.cancel, isOver: closed || window.isOver)
        } else if !pass.traceIsOver {
            decideEarly(pass.elementCount, nil, nil, isOver: false)
        } else {
            decideEarly(
                pass.trace.elementCount, pass.trace.completion, pass.trace.cancel, isOver: pass.trace.isOver)
        }
    }

    private func decideEarly(
        _ count: Int, _ completion: (completion: StreamCompletion<TraceFailure>, location: EventLocation)?,
        _ cancel: EventLocation?, isOver: Bool
    ) {
        let finished = if case .finished? = completion?.completion { true } else { false }
        switch kind {
        case .elements, .recording: cursorAfter = cursor
        case .available:
            if let completion {
                cursorAfter = completion.completion.error == nil ? max(cursor, count) : cursor
            } else if isOver || cancel != nil {
                cursorAfter = max(cursor, count)
            }
        case .prefix(let n):
            if count >= n {
                cursorAfter = max(cursor, n)
            } else if finished {
                cursorAfter = max(cursor, count)
            } else if completion != nil || isOver || cancel != nil {
                cursorAfter = cursor
            }
        case .notPrefix(let n):
            if count >= n || completion != nil {
                cursorAfter = cursor
            } else if isOver || cancel != nil {
                cursorAfter = max(cursor, count)
            }
        case .next(let n):
            if count - cursor >= n {
                cursorAfter = cursor + n
            } else if completion != nil || isOver || cancel != nil {
                cursorAfter = cursor
            }
        }
    }

    func bufferWillChange() {
        if hasWindow { window.bufferWillChange() }
    }

    func finish(in pass: PassState) -> QueryResult {
        let state = hasWindow ? window : pass.trace
        let streamed = StreamedWindow(
            state: state, consumedCount: cursor, values: values, first: pass.first, within: query.within,
            writtenTimeout: query.writtenWithin, isFinal: true, spool: pass.spool)
        guard let (cursor, location) = passing(in: streamed) else {
            cursorAfter = self.cursor
            return TraceChecker.result(of: query, query.expectation.check(in: streamed), in: streamed).result
        }
        cursorAfter = cursor ?? self.cursor
        let completion = isRecording ? state.completion.map { $0.completion.queryJSON } : nil
        let count = outputCount(state.elementCount)
        return TraceChecker.result(
            of: query, output: run.output(count: count, completion: completion),
            matches: run.matches(count: count, completion: completion?.value), at: location, in: streamed)
    }

    /// How many elements the value holds, of a window of `count`.
    private func outputCount(_ count: Int) -> Int {
        switch kind {
        case .elements, .recording, .available, .notPrefix: count
        case .prefix(let n): min(n, count)
        case .next(let n): n
        }
    }

    /// When the expectation passes on the final window: the cursor it
    /// moves to and the event that decides it (as the expectation has it).
    private func passing(in window: StreamedWindow) -> (cursor: Int?, location: EventLocation?)? {
        let count = window.elementCount
        let completion = window.completion
        let finished = if case .finished? = completion?.completion { true } else { false }
        switch kind {
        case .elements: return finished ? (nil, completion?.location) : nil
        case .recording: return completion.map { (nil, $0.location) }
        case .available:
            if case .failure? = completion?.completion { return nil }
            return (max(cursor, count), window.endLocation)
        case .prefix(let n):
            if count >= n { return (max(cursor, n), n > 0 ? window.elementLocation(at: n - 1) : window.endLocation) }
            return finished ? (max(cursor, count), completion?.location) : nil
        case .notPrefix(let n):
            guard count < n, completion == nil else { return nil }
            return (max(cursor, count), window.endLocation)
        case .next(let n):
            guard count - cursor >= n else { return nil }
            return (cursor + n, n > 0 ? window.elementLocation(at: cursor + n - 1) : window.endLocation)
        }
    }
}
