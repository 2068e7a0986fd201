/// The last events of a trace that a marble line draws, kept as their
/// times, kinds and the first bytes of their values, for the timelines of
/// ``TraceComparison``: a mark's text is only made for the few events drawn
/// in the end, not for each of millions compared (in buffers reused from
/// one event to the next).
struct RecentEvents {
    private struct Entry {
        var nanoseconds: Int64 = 0
        var kind = EventKind.value
        /// A value's first bytes (see ``TraceLookahead/Event/shown``).
        var shown: [UInt8] = []
    }

    private let limit = RecentTimeline.defaultLimit
    private var entries: [Entry] = []
    /// Where the newest entry is, once the ring is full.
    private var newest = -1
    /// How many drawn events were appended in all.
    private var drawn = 0
    /// The time of the last event the ring let go of.
    private var dropped: Int64 = 0

    /// Keeps an event if a marble line draws it (an element or the end);
    /// `value` is an element's text.
    mutating func append(nanoseconds: Int64, kind: EventKind, value: UnsafeRawBufferPointer) {
        guard kind == .value || kind.isTerminal else { return }
        drawn += 1
        newest = (newest + 1) % limit
        if entries.count < limit { entries.append(Entry()) } else { dropped = entries[newest].nanoseconds }
        entries[newest].nanoseconds = nanoseconds
        entries[newest].kind = kind
        entries[newest].shown.removeAll(keepingCapacity: true)
        if kind == .value {
            let kept = UnsafeRawBufferPointer(rebasing: value[..<min(value.count, TraceLookahead.shownLength)])
            entries[newest].shown.append(contentsOf: kept)
        }
    }

    /// Appends the events `later` kept, which came after all of these (a
    /// scan's later chunk).
    mutating func append(contentsOf later: RecentEvents) {
        let kept = min(later.drawn, limit)
        guard later.drawn <= kept else {
            // The later events alone fill the ring: they replace these.
            let total = drawn + later.drawn
            self = later
            drawn = total
            return
        }
        let oldest = (later.newest - kept + 1 + limit) % limit
        for k in 0..<kept {
            let entry = later.entries[(oldest + k) % limit]
            entry.shown.withUnsafeBytes { append(nanoseconds: entry.nanoseconds, kind: entry.kind, value: $0) }
        }
    }

    /// The marble line of the events kept, after those that went before.
    func timeline() -> RecentTimeline {
        var builder = RecentTimeline.Builder(limit: limit)
        let kept = min(drawn, limit)
        let oldest = (newest - kept + 1 + limit) % limit
        builder.skip(drawn - kept, lastAt: dropped)
        for k in 0..<kept {
            let entry = entries[(oldest + k) % limit]
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
