/// One pass over a trace evaluating its queries in order as the events stream by, sharing one cursor, in memory
/// bounded by the longest line and the queries. Each query is a ``QueryStream``: a run of elements compared as it
/// streams (`elements`, `prefix N`, …), a scan with a compiled matcher (`next where`), or its expectation deciding
/// over a window that keeps what it reads.
final class CheckPass: TraceEventSink {
    let state: PassState
    /// Whether a query needs the events one by one, in order (a stream or window of its own); else what every query
    /// reads can be summed up by chunks of the trace read on every core (``PassState``).
    let needsOrder: Bool
    private let streams: [QueryStream]
    /// The cursor each query starts from.
    private var inputs: [Int]
    /// The queries that take events, in order.
    private var active: [Int] = []

    init(queries: [Query], valueLimit: Int?) {
        streams = queries.map { QueryStreams.make(for: $0, limit: valueLimit) }
        let firstCount = QueryStreams.firstCount(for: queries, streams: streams)
        state = PassState(
            firstCount: firstCount, withins: queries.compactMap(\.within),
            newestWhole: QueryStreams.newestWhole(for: queries, streams: streams))
        needsOrder =
            firstCount == .max || queries.contains { $0.within != nil } || streams.contains { !($0 is EngineStream) }
            || QueryStreams.readValues(queries)
        inputs = Array(repeating: 0, count: streams.count)
        for (index, stream) in streams.enumerated() {
            inputs[index] = index == 0 ? 0 : output(of: index - 1)
            stream.start(cursor: inputs[index], in: state, at: nil)
        }
        activate()
    }

    /// The cursor query `index` leaves: its own once known, else the one it started from.
    private func output(of index: Int) -> Int {
        streams[index].cursorAfter ?? inputs[index]
    }

    private func activate() {
        active = streams.indices.filter { streams[$0].wantsEvents }
    }

    func take(_ event: TraceScanEvent) {
        state.take(event)
        guard !active.isEmpty else { return }
        var done = false
        var position = 0
        while position < active.count {
            let index = active[position]
            position += 1
            let stream = streams[index]
            let cursorBefore = stream.cursorAfter
            stream.take(event, in: state)
            done = done || !stream.wantsEvents
            // The cursor it leaves went from unknown to known: it was decided.
            if stream.cursorAfter != cursorBefore, restart(after: index, at: event) {
                // The queries started again take this event too.
                activate()
                position = active.firstIndex { $0 > index } ?? active.count
                done = false
            }
        }
        if done { activate() }
    }

    /// Takes a block's events: the first ones no query would act on (an element `next where` or `every` skips, an
    /// event inside the window `finished within 1h` shares with the pass) only into the pass's state, each live query
    /// looking through the block once; from the first event one acts on, event by event.
    func take(block: TraceBlockEvents, eventOffset: Int, lineOffset: Int) {
        let batch = block.batch
        var quiet = batch.eventCount  // every event, when no query takes events
        let elementsBefore = state.elementCount
        for index in active where quiet > 0 {
            quiet = streams[index].quietCount(in: batch, upTo: quiet, elementsBefore: elementsBefore)
        }
        guard quiet > 0 else {
            batch.forEach(eventOffset: eventOffset, lineOffset: lineOffset) { take($0) }
            return
        }
        state.take(batch, first: quiet, eventOffset: eventOffset, lineOffset: lineOffset)
        for position in quiet..<batch.eventCount {
            take(batch.event(at: position, eventOffset: eventOffset, lineOffset: lineOffset))
        }
    }

    /// Restarts the queries after `index` from the cursor it leaves, while that changes their start; whether any did.
    @discardableResult
    private func restart(after index: Int, at event: TraceScanEvent?) -> Bool {
        var next = index + 1
        while next < streams.count, inputs[next] != output(of: next - 1) {
            inputs[next] = output(of: next - 1)
            streams[next].start(cursor: inputs[next], in: state, at: event)
            next += 1
        }
        return next > index + 1
    }

    func bufferWillChange() {
        state.summary.bufferWillChange()
        for stream in streams { stream.bufferWillChange() }
    }

    /// The trace is over: every query's result, in order.
    func finish() -> [QueryResult] {
        var results: [QueryResult] = []
        for index in streams.indices {
            let before = output(of: index)
            results.append(streams[index].finish(in: state))
            if output(of: index) != before { restart(after: index, at: nil) }
        }
        return results
    }
}

/// Which stream evaluates each query: the pass's own for expectations whose values it can stream, else a window.
enum QueryStreams {
    static func make(for query: Query, limit: Int?) -> QueryStream {
        switch query.expectation.reading {
        case .window: EngineStream(query)
        case .search(let search): MatchStream(query, search: search)
        case .run(let run): RunStream(query, run: run, limit: limit)
        }
    }

    /// Whether a query decided by its expectation reads element values (`next`, `single`, `last`): then the pass keeps
    /// them once, in order, not per chunk (each chunk's first and last values would be as many lines in memory).
    static func readValues(_ queries: [Query]) -> Bool {
        queries.contains { $0.expectation.traceNeeds != .nothing }
    }

    /// How many of the newest values the pass keeps whatever their length: the last element's, for `last` decided
    /// over the whole trace (`last within D` has a window of its own, which keeps its newest itself, not twice).
    static func newestWhole(for queries: [Query], streams: [QueryStream]) -> Int {
        zip(queries, streams).contains {
            $1 is EngineStream && $0.expectation.traceNeeds.lastElement && $0.within == nil
        } ? 1 : 0
    }

    /// How many first values the pass keeps: as many as a query decided by its expectation reads from the start, or
    /// as far as the cursor can move (`next`, `next`: the first two) plus one.
    static func firstCount(for queries: [Query], streams: [QueryStream]) -> Int {
        guard readValues(queries) else { return 0 }
        var count = 0
        var reach = 1
        for (query, stream) in zip(queries, streams) where stream is EngineStream {
            let needs = query.expectation.traceNeeds
            count = max(count, needs.firstElements)
            let (sum, overflow) = reach.addingReportingOverflow(needs.consumes)
            reach = overflow ? .max : sum
        }
        return max(count, reach)
    }
}
