/// A query whose value is a run of elements (`elements`, `recording`, `available`, `prefix N`, `not prefix N`,
/// `next N`; ``ElementRun``), built and matched as the elements stream by (``RunValue``), never held whole. The
/// expectation decides over the query's window whenever an event may decide it (its wake condition) and at the end.
/// It takes each of its elements: it has no quiet events (``QueryStream/quietCount(in:upTo:elementsBefore:)``).
final class RunStream: QueryStream {
    private let declaration: ElementRun
    private let limit: Int?
    private let wake: WakeCondition
    private var run: RunValue
    private var hasStarted = false

    init(_ query: Query, run declaration: ElementRun, limit: Int?) {
        self.declaration = declaration
        self.limit = limit
        wake = query.expectation.wakeCondition
        run = RunValue(start: 0, maximumLength: nil, limit: nil, matcher: nil, isRecording: false)
        super.init(query)
    }

    override func start(cursor: Int, in pass: PassState, at event: TraceScanEvent?) {
        super.start(cursor: cursor, in: pass, at: event)
        // A run from the first element goes on whatever the cursor (and past a window's end: a later cursor may end
        // the window later).
        if declaration.fromCursor || !hasStarted {
            run = RunValue(
                start: declaration.fromCursor ? cursor : 0, maximumLength: declaration.maximumLength, limit: limit,
                matcher: query.matcher, isRecording: declaration.isRecording)
            if declaration.fromCursor { values.removeAll() }
        }
        hasStarted = true
        cursorAfter = declaration.movesCursor ? nil : cursor
        wantsEvents = true
        guard cursorAfter == nil else { return }
        let state = windowState(pass)
        if state.isOver || wake.isMet(by: .value, elementCount: state.elementCount, consumedCount: cursor) {
            decide(in: pass, isOver: hasWindow && window.isOver)
        }
    }

    override func take(_ event: TraceScanEvent, in pass: PassState) {
        let inWindow = !hasWindow || window.take(event)
        if event.kind == .value, let bytes = event.valueBytes, inWindow || !declaration.fromCursor, run.wantsMore {
            let index = pass.elementCount - 1
            if index >= run.start {
                run.take(bytes)
                if run.isFull { values.locations[index] = event.location }
            }
        }
        if cursorAfter == nil {
            let count = hasWindow ? window.elementCount : pass.elementCount
            if !inWindow || wake.isMet(by: event.kind, elementCount: count, consumedCount: cursor) {
                decide(in: pass, isOver: !inWindow)
            }
        }
        let windowOpen = hasWindow && !window.isOver && inWindow
        wantsEvents = windowOpen || cursorAfter == nil || run.wantsMore
    }

    /// Asks the expectation while the trace goes on (`isOver`: its window is over); sets the cursor once decided.
    private func decide(in pass: PassState, isOver: Bool) {
        if let after = declaration.decide(streamedWindow(pass, isFinal: isOver)).cursorLeft(from: cursor) {
            cursorAfter = after
        }
    }

    override func finish(in pass: PassState) -> QueryResult {
        let streamed = streamedWindow(pass, isFinal: true)
        let verdict = declaration.decide(streamed)
        guard case .passed(let elements, let moved, let location) = verdict else {
            cursorAfter = cursor
            return TraceChecker.result(of: query, verdict.map { _ in nil }, in: streamed).result
        }
        assert(declaration.movesCursor || moved == nil, "\(query) moved the cursor it declares it never moves")
        cursorAfter = moved ?? cursor
        let completion = declaration.isRecording ? windowState(pass).completion.map { $0.completion.queryJSON } : nil
        assert(elements.lowerBound == run.start, "the run starts at \(run.start), not \(elements.lowerBound)")
        return TraceChecker.result(
            of: query, output: run.output(count: elements.count, completion: completion),
            matches: run.matches(count: elements.count, completion: completion?.value), at: location, in: streamed)
    }
}
