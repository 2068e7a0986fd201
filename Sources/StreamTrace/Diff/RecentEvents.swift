/// The last events of a trace that a marble line draws, kept as their times, kinds and the first bytes of their values,
/// for the timelines of ``TraceComparison``: a mark's text is only made for the few events drawn in the end, not for
/// each of millions compared (in buffers reused from one event to the next).
struct RecentEvents {
    private struct Entry {
        var nanoseconds: Int64 = 0
        var kind = EventKind.value
        /// A value's first bytes (see ``TraceLookahead/Event/shown``).
        var shown: [UInt8] = []
    }

    private var entries = RecentRing<Entry>(capacity: RecentTimeline.defaultLimit)
    /// Drawn events counted before the ring's, not kept (``passOver(_:lastAt:)``).
    private var passed = 0
    /// The time of the last drawn event not kept.
    private var dropped: Int64 = 0

    /// Keeps an event if a marble line draws it (an element or the end); `value` is an element's text.
    mutating func append(nanoseconds: Int64, kind: EventKind, value: UnsafeRawBufferPointer) {
        guard kind == .value || kind.isTerminal else { return }
        var pushedOut: Int64?
        entries.append(empty: Entry()) { entry, full in
            if full { pushedOut = entry.nanoseconds }
            entry.nanoseconds = nanoseconds
            entry.kind = kind
            entry.shown.removeAll(keepingCapacity: true)
            if kind == .value {
                entry.shown.append(
                    contentsOf: UnsafeRawBufferPointer(rebasing: value[..<min(value.count, TraceLookahead.shownLength)])
                )
            }
        }
        if let pushedOut { dropped = pushedOut }
    }

    /// Keeps a compared event if a marble line draws it.
    mutating func append(_ event: TraceLookahead.Event) {
        event.withBytes { append(nanoseconds: event.nanoseconds, kind: event.kind, value: $0) }
    }

    /// Counts `count` drawn events that are not kept, the last at `lastAt`, before at least
    /// ``RecentTimeline/defaultLimit`` more are appended: none of the events kept so far is drawn.
    mutating func passOver(_ count: Int, lastAt: Int64) {
        passed += entries.count + count
        dropped = lastAt
        entries.removeAll()
    }

    /// Appends the events `later` kept, which came after all of these (a scan's later chunk).
    mutating func append(contentsOf later: RecentEvents) {
        guard later.passed == 0, later.entries.passedOver == 0 else {
            // The later events alone fill the ring: they replace these.
            let total = passed + entries.count + later.passed + later.entries.count
            self = later
            passed = total - entries.count
            return
        }
        for entry in later.entries.elements {
            entry.shown.withUnsafeBytes { append(nanoseconds: entry.nanoseconds, kind: entry.kind, value: $0) }
        }
    }

    /// The marble line of the events kept, after those that went before.
    func timeline() -> RecentTimeline {
        var builder = RecentTimeline.Builder(limit: entries.capacity)
        builder.skip(passed + entries.passedOver, lastAt: dropped)
        for entry in entries.elements {
            let mark: RecentTimeline.Mark =
                switch entry.kind {
                case .value: .element(TraceLookahead.shownValue(entry.shown))
                case .failure: .failure
                case .cancel: .cancel
                default: .finished
                }
            builder.append(mark, at: entry.nanoseconds)
        }
        return builder.timeline()
    }
}
