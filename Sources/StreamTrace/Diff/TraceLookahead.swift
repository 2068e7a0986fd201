/// The next events of a trace, read ahead for ``TraceComparison``: at most
/// a window's worth, each with its 1-based position in the trace; the
/// events before them are let go.
struct TraceLookahead {
    struct Event {
        var event: TraceEvent
        var index: Int
    }

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
            guard let event = try reader.next() else {
                ended = true
                break
            }
            count += 1
            events.append(Event(event: event, index: count))
        }
    }

    mutating func popFirst() -> Event? {
        guard head < events.count else { return nil }
        head += 1
        return events[head - 1]
    }
}
