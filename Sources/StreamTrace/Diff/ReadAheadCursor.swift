/// The walk's side of a ``ReadAhead``: the batch it takes events from.
struct ReadAheadCursor {
    let readAhead: ReadAhead
    private var events: [ReadAhead.Event] = []
    private var position = 0
    /// How the reading ended, once the batch that says so was taken.
    private var end: Result<Void, TraceReadError>?

    init(readAhead: ReadAhead) { self.readAhead = readAhead }

    /// The next event; `nil` at the end of the trace; or the read error where the events before it end. The stores its
    /// text is in go to `stores`, which holds them from then on.
    mutating func next(keeping stores: inout TraceLookahead.KeptStores) throws(TraceReadError) -> ReadAhead.Event? {
        while position == events.count {
            if let end {
                try end.get()
                return nil
            }
            let batch = readAhead.take()
            (events, position, end) = (batch.events, 0, batch.end)
            stores.take(batch.stores)
        }
        // Moved out, not copied: the batch is the cursor's alone.
        var event = TraceLookahead.vacant
        swap(&event, &events[position])
        position += 1
        return event
    }
}
