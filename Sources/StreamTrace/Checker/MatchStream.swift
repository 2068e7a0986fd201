/// `next where M`, `not next where M` and `every where M`: the elements
/// scanned with the matcher compiled once (``CompiledMatcher``), keeping
/// only what the result shows: the first element it accepts (from the
/// cursor on) or rejects (`every`, from the first element), or how many it
/// skipped and the last of them (the window's recent values).
///
/// It decides as ``StreamExpectations/NextWhere`` and
/// ``StreamExpectations/Every`` do, with their words (the differential test
/// holds them to the same results); what `every` decides once no element
/// is rejected is its base's, `finished`, deciding over the window.
final class MatchStream: QueryStream {
    enum Kind {
        case next
        case notNext
        case every(StreamExpectations.Every<RawJSON, TraceFailure>)
    }

    let query: Query
    private let matcher: CompiledMatcher
    private let condition: String
    private let kind: Kind
    private var name: String { query.expectation.name }
    @exclusivity(unchecked) private var cursor = 0
    /// With `within`, the query's own window (``hasWindow``).
    @exclusivity(unchecked) private var window = WindowState()
    private let hasWindow: Bool
    /// The element found: the first the matcher accepts (`next`) or
    /// rejects (`every`), its text, location and index.
    @exclusivity(unchecked) private var found: (value: KeptValue, location: EventLocation, index: Int)? {
        didSet { isFound = found != nil }
    }
    /// Whether ``found`` holds the element, read for each event.
    @exclusivity(unchecked) private var isFound = false
    @exclusivity(unchecked) private(set) var wantsEvents = true
    @exclusivity(unchecked) private(set) var cursorAfter: Int?

    init(_ query: Query, matcher: QueryMatcher, condition: String, kind: Kind) {
        self.query = query
        hasWindow = query.within != nil
        self.matcher = CompiledMatcher(matcher)
        self.condition = condition
        self.kind = kind
        looksForMatch = if case .every = kind { false } else { true }
    }

    /// Whether it looks for an element the matcher accepts (else rejects:
    /// `every`), read once, not from ``kind`` for each element.
    private let looksForMatch: Bool

    /// The first element it looks at: the cursor's, or the first (`every`).
    private var firstIndex: Int {
        looksForMatch ? cursor : 0
    }

    func start(cursor: Int, in pass: PassState, at event: TraceScanEvent?) {
        self.cursor = cursor
        // `every` looks from the first element whatever the cursor: what it
        // found stays found (a later cursor only ends its window later).
        if looksForMatch { found = nil }
        if let within = query.within { window = pass.window(from: cursor, within: within, at: event) }
        if case .next = kind { cursorAfter = nil } else { cursorAfter = cursor }
        wantsEvents = true
    }

    /// Takes the next event: the common case, an element that decides
    /// nothing, inline in the pass's loop; else ``takeDeciding(_:in:)``.
    @inline(__always)
    func take(_ event: TraceScanEvent, in pass: PassState) -> StreamStep {
        if !hasWindow, !isFound, event.kind == .value, let bytes = event.valueBytes {
            let index = pass.elementCount - 1
            if index < firstIndex || matcher.matches(bytes) != looksForMatch { return [] }
        }
        return takeDeciding(event, in: pass)
    }

    /// How many of `batch`'s first events, up to `limit`, ``take(_:in:)``
    /// would take without acting on any, `elementsBefore` elements before
    /// the block: those before the first element it finds (0 with a window
    /// of its own, or the element found).
    func quietCount(in batch: EventBatch, upTo limit: Int, elementsBefore: Int) -> Int {
        guard !hasWindow, !isFound else { return 0 }
        var index = elementsBefore
        for position in 0..<limit where batch.isValue(at: position) {
            if let bytes = batch.value(at: position), index >= firstIndex, matcher.matches(bytes) == looksForMatch {
                return position
            }
            index += 1
        }
        return limit
    }

    private func takeDeciding(_ event: TraceScanEvent, in pass: PassState) -> StreamStep {
        if hasWindow, !window.take(event) {
            wantsEvents = false
            return .done
        }
        guard found == nil, event.kind == .value, let bytes = event.valueBytes else {
            if found != nil { wantsEvents = hasWindow && !window.isOver }
            return wantsEvents ? [] : .done
        }
        let index = (hasWindow ? window.elementCount : pass.elementCount) - 1
        guard index >= firstIndex, matcher.matches(bytes) == looksForMatch else { return [] }
        let location = EventLocation(index: event.index, line: event.line, nanoseconds: event.nanoseconds)
        found = (KeptValue(bytes, spool: pass.spool), location, index)
        if case .next = kind {
            cursorAfter = index + 1
            wantsEvents = false
        } else {
            wantsEvents = hasWindow && !window.isOver
        }
        return StreamStep(cursorBefore: nil, after: cursorAfter, wantsEvents: wantsEvents)
    }

    func bufferWillChange() {
        if hasWindow { window.bufferWillChange() }
    }

    func finish(in pass: PassState) -> QueryResult {
        var values = ElementValues()
        if let found { values.keep(found.value, at: found.location, index: found.index) }
        let streamed = StreamedWindow(
            state: hasWindow ? window : pass.trace, consumedCount: cursor, values: values, first: pass.first,
            within: query.within, writtenTimeout: query.writtenWithin, isFinal: true, spool: pass.spool)
        if case .next = kind, found == nil { cursorAfter = cursor }
        var verdict = verdict(in: streamed)
        if case .failed(var error) = verdict {
            // As `verdict(in:)` finishes an expectation's failure.
            error.expectation = name
            error.timeline = streamed.recentTimeline()
            verdict = .failed(error)
        }
        return TraceChecker.result(of: query, verdict, in: streamed, place: streamed.place).result
    }

    /// What the expectation decides on the final window, the element it
    /// looks for already found (or not).
    private func verdict(in window: StreamedWindow) -> Verdict<RawJSON?> {
        switch (kind, found) {
        case (.every, let found?):
            let shown = window.describeElement(at: found.index)
            let message = "expected every element \(condition), but element \(found.index + 1) is \(shown)"
            return .failed(window.failure(.elementDidNotMatch, message, at: found.location))
        case (.every(let every), nil):
            return every.base.evaluate(in: window).map { _ in RawJSON(.number(JSONNumber(window.elementCount))) }
        case (.notNext, let found?):
            let message =
                "expected no element \(condition)\(window.ending), but got \(window.describeElement(at: found.index))"
            return .failed(window.failure(.invertedFulfilled, message, at: found.location))
        case (.notNext, nil):
            return .passed(nil, cursor: nil, at: window.endLocation)
        case (.next, let found?):
            return .passed(window.element(at: found.index), cursor: found.index + 1, at: found.location)
        case (.next, nil):
            return .failed(notFound(in: window))
        }
    }

    /// `NextWhere`'s failure when no element matched.
    private func notFound(in window: StreamedWindow) -> RecordingError {
        let skipped = skippedPhrase(window)
        if let (completion, location) = window.completion {
            if case .failure(let failure) = completion {
                return window.failure(
                    .streamFailed,
                    "expected an element \(condition), but the stream failed with \(StreamError(failure)); \(skipped)",
                    at: location, streamError: failure)
            }
            return window.failure(
                .noMatchingElement, "expected an element \(condition) before the stream finished; \(skipped)",
                at: location)
        }
        if case .cancelled(let location) = window.end {
            return window.failure(
                .noMatchingElement, "expected an element \(condition)\(window.ending); \(skipped)", at: location)
        }
        return window.failure(
            .noMatchingElement, "expected an element \(condition)\(window.endingOrTraceEnd); \(skipped)",
            at: window.lastEvent?.location)
    }

    /// `skipped 3 elements, the last "c"`.
    private func skippedPhrase(_ window: StreamedWindow) -> String {
        let count = window.unconsumedCount
        guard count > 0 else { return "no new element arrived" }
        let last = window.describeElement(at: window.elementCount - 1)
        return count == 1 ? "skipped 1 element: \(last)" : "skipped \(count) elements, the last \(last)"
    }
}
