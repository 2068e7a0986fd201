/// `next where M` and `not next where M`: the elements from the cursor on
/// scanned with the matcher compiled once (``CompiledMatcher``), keeping
/// only what the result shows: the first element it accepts, or how many
/// it skipped and the last of them (the window's recent values).
///
/// It decides as ``StreamExpectations/NextWhere`` does, with its words:
/// the differential test holds the two to the same results.
final class MatchStream: QueryStream {
    let query: Query
    private let matcher: CompiledMatcher
    private let condition: String
    private let isInverted: Bool
    private var name: String { isInverted ? "next(where:).inverted" : "next(where:)" }
    @exclusivity(unchecked) private var cursor = 0
    /// With `within`, the query's own window (``hasWindow``).
    @exclusivity(unchecked) private var window = WindowState()
    private let hasWindow: Bool
    /// The first element the matcher accepts: its text, location and index.
    @exclusivity(unchecked) private var match: (value: RawJSON, location: EventLocation, index: Int)?
    @exclusivity(unchecked) private(set) var wantsEvents = true
    @exclusivity(unchecked) private(set) var cursorAfter: Int?

    init(_ query: Query, matcher: QueryMatcher, condition: String, isInverted: Bool) {
        self.query = query
        hasWindow = query.within != nil
        self.matcher = CompiledMatcher(matcher)
        self.condition = condition
        self.isInverted = isInverted
    }

    func start(cursor: Int, in pass: PassState, at event: TraceScanEvent?) {
        self.cursor = cursor
        match = nil
        if let within = query.within { window = pass.window(from: cursor, within: within, at: event) }
        cursorAfter = isInverted ? cursor : nil
        wantsEvents = true
    }

    func take(_ event: TraceScanEvent, in pass: PassState) -> StreamStep {
        if hasWindow, !window.take(event) {
            wantsEvents = false
            return .done
        }
        guard match == nil, event.kind == .value, let bytes = event.valueBytes else {
            if match != nil { wantsEvents = hasWindow && !window.isOver }
            return wantsEvents ? [] : .done
        }
        let index = (hasWindow ? window.elementCount : pass.trace.elementCount) - 1
        guard index >= cursor, matcher.matches(bytes) else { return [] }
        let location = EventLocation(index: event.index, line: event.line, nanoseconds: event.nanoseconds)
        match = (RawJSON(validated: Array(bytes)[...]), location, index)
        if !isInverted { cursorAfter = index + 1 }
        wantsEvents = isInverted && hasWindow
        return StreamStep(cursorBefore: nil, after: cursorAfter, wantsEvents: wantsEvents)
    }

    func bufferWillChange() {
        if hasWindow { window.bufferWillChange() }
    }

    func finish(in pass: PassState) -> QueryResult {
        var values = ElementValues()
        if let match { values.keep(match.value, at: match.location, index: match.index) }
        let streamed = StreamedWindow(
            state: hasWindow ? window : pass.trace, consumedCount: cursor, values: values, first: pass.first,
            within: query.within, isFinal: true)
        if match == nil, !isInverted { cursorAfter = cursor }
        return TraceChecker.result(of: query, verdict(in: streamed), in: streamed).result
    }

    /// `NextWhere.evaluate` and `evaluateInverted`, on the final window,
    /// with the first match already found.
    private func verdict(in window: StreamedWindow) -> Verdict<RawJSON?> {
        if isInverted {
            if let match {
                return failed(
                    window.error(
                        name, .invertedFulfilled,
                        "expected no element \(condition)\(window.end.phrase), but got \(window.describe(match.value))",
                        at: match.location), in: window)
            }
            return .passed(nil, cursor: nil, at: window.endLocation)
        }
        if let match { return .passed(match.value, cursor: match.index + 1, at: match.location) }
        let skipped = skippedPhrase(window)
        let error: RecordingError
        if let (completion, location) = window.completion {
            if case .failure(let failure) = completion {
                error = window.error(
                    name, .failed,
                    "expected an element \(condition), but the stream failed with \(StreamError(failure)); \(skipped)",
                    at: location, streamError: failure)
            } else {
                error = notFound(
                    window, "expected an element \(condition) before the stream finished; \(skipped)", at: location)
            }
        } else if case .cancelled(let location) = window.end {
            error = notFound(window, "expected an element \(condition)\(window.end.phrase); \(skipped)", at: location)
        } else {
            error = notFound(
                window, "expected an element \(condition)\(window.endPhrase); \(skipped)",
                at: window.lastEvent?.location)
        }
        return failed(error, in: window)
    }

    private func failed(_ error: RecordingError, in window: StreamedWindow) -> Verdict<RawJSON?> {
        var error = error
        error.timeline = window.recentTimeline()
        return .failed(error)
    }

    private func notFound(_ window: StreamedWindow, _ message: String, at location: EventLocation?) -> RecordingError {
        window.error(name, .noMatchingElement(skipped: window.unconsumedCount), message, at: location)
    }

    /// `skipped 3 elements, the last "c"`.
    private func skippedPhrase(_ window: StreamedWindow) -> String {
        let count = window.unconsumedCount
        guard count > 0 else { return "no new element arrived" }
        let last = window.describe(window.element(at: window.elementCount - 1))
        return count == 1 ? "skipped 1 element: \(last)" : "skipped \(count) elements, the last \(last)"
    }
}
