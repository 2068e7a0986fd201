/// What the pass keeps for every query (its ``PassSummary``, the `within` tails and the spool): a class,
/// so that queries read it in place as each event comes, without a copy.
final class PassState {
    var summary: PassSummary
    /// For each `within` of the queries, the events after the last element, owned by the pass and written in place (an
    /// array's element would check that its storage is unique on every event).
    private let tails: UnsafeMutableBufferPointer<TailWindow>

    init(firstCount: Int, withins: [Duration], newestWhole: Int = 0, spool: ValueSpool = ValueSpool()) {
        summary = PassSummary(firstCount: firstCount, newestWhole: newestWhole, spool: spool)
        let windows = Set(withins.map(TimeFormat.nanoseconds)).sorted().map(TailWindow.init)
        tails = .allocate(capacity: windows.count)
        _ = tails.initialize(from: windows)
    }

    deinit {
        tails.deinitialize()
        tails.deallocate()
    }

    var trace: WindowState { summary.trace }

    func take(_ event: TraceScanEvent) {
        summary.consume(event)
        if !tails.isEmpty { for i in 0..<tails.count { tails[i].take(event) } }
    }

    /// Takes `batch`'s first `count` events, which no query acts on: once no more first values are kept, the run of
    /// values they start with is only counted, up to the last few. (Each value starts a `within` tail again: the
    /// values taken reset the tails too.)
    func take(_ batch: EventBatch, first count: Int, eventOffset: Int, lineOffset: Int) {
        var start = 0
        if summary.trace.elementCount >= summary.firstCount {
            start = batch.countedValues(upTo: count, keeping: RecentValues.capacity)
            summary.trace.skip(values: start)
        }
        for position in start..<count {
            take(batch.event(at: position, eventOffset: eventOffset, lineOffset: lineOffset))
        }
    }

    /// How many elements the trace has had so far, read in place.
    var elementCount: Int { summary.trace.elementCount }

    /// The window of a query with `within` from `cursor` (from the time of element `cursor - 1`, or 0 at the start),
    /// as it stands before `event` (taken next) or now, keeping its `newestWhole` newest values whatever their length.
    func window(from cursor: Int, within: Duration, at event: TraceScanEvent?, newestWhole: Int = 0) -> WindowState {
        let location = cursor > 0 ? trace.recent.location(cursor - 1) ?? summary.first.kept[cursor - 1]?.1 : nil
        let (end, overflow) = (location?.nanoseconds ?? 0).addingReportingOverflow(TimeFormat.nanoseconds(within))
        let endTime = overflow ? Int64.max : end
        if let event { return trace.before(event, endingAt: endTime, newestWhole: newestWhole) }
        let nanoseconds = TimeFormat.nanoseconds(within)
        guard let tail = tails.first(where: { $0.within == nanoseconds }) else {
            return WindowState(endTime: endTime, newestWhole: newestWhole)
        }
        return trace.atEnd(endingAt: endTime, tail: tail, newestWhole: newestWhole)
    }
}
