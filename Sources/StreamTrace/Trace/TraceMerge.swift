/// The events of several traces in the order of their time on a shared axis (a k-way merge), ties in the order of
/// the traces. One reader and one held event per trace, so memory is bounded by the largest line.
package final class TraceMerge {
    private let readers: [TraceReader]
    private let alignment: TraceAlignment
    private var heads: [TraceEvent?]

    /// Reads each trace's first event.
    package init(readers: [TraceReader], alignment: TraceAlignment) throws(TraceReadError) {
        self.readers = readers
        self.alignment = alignment
        heads = try readers.map { (reader) throws(TraceReadError) in try reader.next() }
    }

    /// The next event of all traces, with its trace's index and shared-axis time; `nil` when every trace is read.
    package func next() throws(TraceReadError) -> (lane: Int, time: Int64, event: TraceEvent)? {
        var best: (lane: Int, time: Int64)?
        for (lane, head) in heads.enumerated() {
            guard let head else { continue }
            let time = alignment.time(head.nanoseconds, of: lane)
            if best == nil || time < best!.time { best = (lane, time) }
        }
        guard let (lane, time) = best, let event = heads[lane] else { return nil }
        heads[lane] = try readers[lane].next()
        return (lane, time, event)
    }
}
