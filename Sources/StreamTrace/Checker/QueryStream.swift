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

/// What the pass keeps for every query: the whole trace's window (counts,
/// completion, the last few values), the first few values, and what a
/// query's values are compared and kept with. A class, so that the queries
/// read it in place as each event comes, without a copy.
final class PassState {
    // Used by one thread at a time, as its pass.
    @exclusivity(unchecked) private(set) var trace: WindowState
    /// The first elements' values, as many as any query reads from the start.
    @exclusivity(unchecked) private(set) var first = ElementValues()
    let firstCount: Int
    /// The longest value text a result keeps (`nil`: no limit).
    let valueLimit: Int?
    /// Where the pass keeps values over ``RecentValues/longest``, shared
    /// by its chunks.
    let spool: ValueSpool
    /// For each `within` of the queries, the events after the last element:
    /// owned by the pass, written in place (an array's element would check
    /// that its storage is unique on every event).
    private let tails: UnsafeMutableBufferPointer<TailWindow>

    /// `newestWhole`: how many of the newest values the trace's window
    /// keeps whatever their length (``RecentValues``).
    init(
        firstCount: Int, valueLimit: Int?, withins: [Duration], newestWhole: Int = 0, spool: ValueSpool = ValueSpool()
    ) {
        trace = WindowState(newestWhole: newestWhole)
        self.spool = spool
        self.firstCount = firstCount
        self.valueLimit = valueLimit
        let windows = Set(withins.map(TimeFormat.nanoseconds)).sorted().map(TailWindow.init)
        tails = .allocate(capacity: windows.count)
        _ = tails.initialize(from: windows)
    }

    deinit {
        tails.deinitialize()
        tails.deallocate()
    }

    /// Takes the next event into the trace's window and the first values.
    @inline(__always)
    func take(_ event: TraceScanEvent) {
        let index = trace.elementCount
        _ = trace.take(event)
        if !tails.isEmpty { for i in 0..<tails.count { tails[i].take(event) } }
        if event.kind == .value, index < firstCount, let bytes = event.valueBytes {
            first.keep(
                bytes, at: EventLocation(index: event.index, line: event.line, nanoseconds: event.nanoseconds),
                index: index, spool: spool)
        }
    }

    /// Takes `batch`'s first `count` events, which no query acts on: the
    /// run of values they start with, up to the last few values, only
    /// counted, once the pass keeps no more first values. (Each value
    /// starts a `within` tail again: the values taken reset the tails too.)
    func take(_ batch: EventBatch, first count: Int, eventOffset: Int, lineOffset: Int) {
        var start = 0
        if trace.elementCount >= firstCount {
            start = batch.countedValues(upTo: count, keeping: RecentValues.capacity)
            trace.skip(values: start)
        }
        for position in start..<count {
            take(batch.event(at: position, eventOffset: eventOffset, lineOffset: lineOffset))
        }
    }

    func bufferWillChange() {
        trace.bufferWillChange()
    }

    /// Takes what `summed` holds: the whole trace summed up by chunks.
    func adopt(_ summed: PassState) {
        trace = summed.trace
        first = summed.first
    }

    /// How many elements the trace has had so far, read in place.
    var elementCount: Int { trace.elementCount }

    /// Whether the trace has ended (a completion or a cancel), read in place.
    var traceIsOver: Bool { trace.completion != nil || trace.cancel != nil }

    /// The element index of `event`, just taken, if it is an element.
    func elementIndex(of event: TraceScanEvent) -> Int? {
        event.kind == .value ? trace.elementCount - 1 : nil
    }

    /// The time of element `index - 1`, where a window from cursor `index`
    /// starts (0 for the cursor at the start).
    func cursorTime(_ cursor: Int) -> Int64 {
        guard cursor > 0 else { return 0 }
        return trace.recent.location(cursor - 1)?.nanoseconds ?? first.location(cursor - 1)?.nanoseconds ?? 0
    }

    /// The window of a query with `within` that starts at `cursor`, as it
    /// stands before `event` (which it takes next), or now; keeping its
    /// `newestWhole` newest values whatever their length (`last`).
    func window(from cursor: Int, within: Duration, at event: TraceScanEvent?, newestWhole: Int = 0) -> WindowState {
        let (end, overflow) = cursorTime(cursor).addingReportingOverflow(TimeFormat.nanoseconds(within))
        let endTime = overflow ? Int64.max : end
        if let event { return trace.before(event, endingAt: endTime, newestWhole: newestWhole) }
        let nanoseconds = TimeFormat.nanoseconds(within)
        guard let tail = tails.first(where: { $0.within == nanoseconds }) else {
            return WindowState(endTime: endTime, newestWhole: newestWhole)
        }
        return trace.atEnd(endingAt: endTime, tail: tail, newestWhole: newestWhole)
    }
}

/// A chunk of a large file summed up on its own, then joined in order: how
/// a pass whose queries need no event one by one (`finished`, `count`,
/// `single`, `last`, `next`) reads a trace on every core.
extension PassState: TraceScanConsumer {
    /// A pass state kept as this one is, for another chunk.
    func makeChunk() -> PassState {
        PassState(firstCount: firstCount, valueLimit: valueLimit, withins: [], spool: spool)
    }

    func consume(_ event: TraceScanEvent) {
        take(event)
    }

    func append(_ later: PassState, eventOffset: Int, lineOffset: Int) {
        func shifted(_ location: EventLocation) -> EventLocation {
            EventLocation(
                index: location.index + eventOffset, line: location.line.map { $0 + lineOffset },
                nanoseconds: location.nanoseconds)
        }
        first.append(later.first, elementOffset: trace.elementCount, limit: firstCount, shift: shifted)
        trace.append(later.trace, eventOffset: eventOffset, lineOffset: lineOffset)
    }
}
