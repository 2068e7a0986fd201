/// The next events of a trace, read ahead for ``TraceComparison``: at most
/// a window's worth, each with its 1-based position in the trace, its
/// payload in a form that compares in constant time, and a short text for
/// the report. Values are never kept as trees: a value is its canonical
/// bytes (see ``CanonicalJSON``) and its first characters, so memory stays
/// bounded by the window times the longest line.
struct TraceLookahead {
    struct Event {
        var kind: EventKind
        var nanoseconds: Int64
        var line: Int
        var index: Int
        var payload: Payload
        /// The event as the report shows it: `value {"id":1}`, cut.
        var text: String
        /// What a marble line draws for it (`nil`: not drawn).
        var mark: RecentTimeline.Mark?
    }

    /// What, besides its kind, makes two events the same.
    enum Payload: Equatable {
        case none
        case demand(Demand)
        case value(CanonicalJSON)
        case failure(TraceFailure)
    }

    /// How many characters of a value the report shows.
    static let valueColumns = 200

    let reader: TraceReader
    private var events: [Event] = []
    private var head = 0
    /// How many events were read from the trace so far.
    private(set) var count = 0
    private var ended = false

    init(reader: TraceReader) { self.reader = reader }

    var buffered: Int { events.count - head }
    var isEmpty: Bool { buffered == 0 }
    subscript(offset: Int) -> Event { events[head + offset] }

    /// Reads until `size` events are buffered or the trace ends.
    mutating func fill(_ size: Int) throws(TraceReadError) {
        if head > size {
            events.removeFirst(head)
            head = 0
        }
        while !ended, buffered < size {
            guard let event = try read() else {
                ended = true
                break
            }
            events.append(event)
        }
    }

    mutating func popFirst() -> Event? {
        guard head < events.count else { return nil }
        head += 1
        return events[head - 1]
    }

    private mutating func read() throws(TraceReadError) -> Event? {
        guard let event = try reader.nextHead() else { return nil }
        count += 1
        let payload: Payload
        let text: String
        var mark: RecentTimeline.Mark?
        switch event.kind {
        case .value:
            let shown = TerminalText.escaped(ValueText.prefix(reader.rawValue(), columns: Self.valueColumns))
            payload = .value(CanonicalJSON(try reader.decodeValue()))
            text = "value " + TextLayout.truncated(shown, to: Self.valueColumns)
            mark = .value(TextLayout.truncated(shown, to: Self.valueColumns))
        case .request:
            let demand = event.demand ?? .unlimited
            payload = .demand(demand)
            text = "request \(demand)"
        case .failure:
            let failure = event.failure ?? TraceFailure(type: "", message: "")
            payload = .failure(failure)
            text = "failure \(failure)"
        default:
            payload = .none
            text = event.kind.rawValue
        }
        switch event.kind {
        case .finished: mark = .finished
        case .failure: mark = .failure
        case .cancel: mark = .cancel
        default: break
        }
        return Event(
            kind: event.kind, nanoseconds: event.nanoseconds, line: event.line, index: count, payload: payload,
            text: text, mark: mark)
    }
}
