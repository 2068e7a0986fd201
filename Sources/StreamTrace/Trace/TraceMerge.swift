/// The events of several traces in one order (a k-way merge): by time on a shared axis; at one time, the traces of
/// one group (its header's `group`) by their sequence numbers, the others and the groups in the order of the traces,
/// each trace's events in its line order. One reader and one held event per trace, so memory is bounded by the
/// largest line.
///
/// A group's numbers are checked as they go by: each of its events has one, they increase along each trace, never
/// repeat, and never contradict the times (a higher number at an earlier time); a trace that breaks this is an
/// ``TraceReadError/Kind/invalidEvent`` at the line that shows it.
package final class TraceMerge {
    private let readers: [TraceReader]
    private let alignment: TraceAlignment
    private var heads: [TraceEvent?]
    /// For each trace, the first trace of its group (itself if it has none): what orders it at one time.
    private let rank: [Int]
    /// For each group, by its first trace: the last number given out, with where.
    private var last: [Int: (sequence: Int64, lane: Int, line: Int, time: Int64)] = [:]

    /// Reads each trace's first event.
    package init(readers: [TraceReader], alignment: TraceAlignment) throws(TraceReadError) {
        self.readers = readers
        self.alignment = alignment
        let groups = readers.map(\.header.group)
        rank = groups.indices.map { lane in
            guard let group = groups[lane] else { return lane }
            return groups.firstIndex(of: group) ?? lane
        }
        heads = []
        for lane in readers.indices { heads.append(try Self.read(readers[lane])) }
    }

    /// The next event of all traces, with its trace's index and shared-axis time; `nil` when every trace is read.
    package func next() throws(TraceReadError) -> (lane: Int, time: Int64, event: TraceEvent)? {
        var best: (lane: Int, time: Int64)?
        for (lane, head) in heads.enumerated() {
            guard let head else { continue }
            let time = alignment.time(head.nanoseconds, of: lane)
            if let current = best, !comesBefore(lane, time, head, current.lane, current.time) { continue }
            best = (lane, time)
        }
        guard let (lane, time) = best, let event = heads[lane] else { return nil }
        if readers[lane].header.group != nil { try check(event, lane: lane, time: time) }
        heads[lane] = try Self.read(readers[lane])
        return (lane, time, event)
    }

    private func comesBefore(_ lane: Int, _ time: Int64, _ head: TraceEvent, _ other: Int, _ otherTime: Int64)
        -> Bool
    {
        if time != otherTime { return time < otherTime }
        if rank[lane] != rank[other] { return rank[lane] < rank[other] }
        return (head.sequence ?? 0) < (heads[other]?.sequence ?? 0)
    }

    /// The next event of `reader`, which has a number if its trace is a group's.
    private static func read(_ reader: TraceReader) throws(TraceReadError) -> TraceEvent? {
        guard let event = try reader.next() else { return nil }
        if let group = reader.header.group, event.sequence == nil {
            throw TraceReadError(
                kind: .invalidEvent, file: reader.file, line: event.line ?? 0, column: 1,
                message: "missing \"seq\": every event of a trace of the group \"\(group)\" needs its number")
        }
        return event
    }

    /// Checks the number of the group's event given out next against the one before it.
    private func check(_ event: TraceEvent, lane: Int, time: Int64) throws(TraceReadError) {
        let group = rank[lane]
        let sequence = event.sequence ?? 0
        let line = event.line ?? 0
        defer { last[group] = (sequence, lane, line, time) }
        guard let previous = last[group], sequence <= previous.sequence else { return }
        let here = "\(readers[previous.lane].file):\(previous.line)"
        let message =
            previous.lane == lane
            ? "\"seq\" \(sequence) after \(previous.sequence) on line \(previous.line): a trace's numbers increase"
            : sequence == previous.sequence
                ? "\"seq\" \(sequence) repeats the number of \(here): each event of a group has its own"
                : "\"seq\" \(sequence) at \(TimeFormat.offset(time)) contradicts the time: \(here) has \"seq\" "
                    + "\(previous.sequence), a higher number, at \(TimeFormat.offset(previous.time)), before it"
        throw TraceReadError(
            kind: .invalidEvent, file: readers[lane].file, line: line, column: 1, message: message)
    }
}
