/// Two folders of traces recorded as groups compared as one order (`streamtrace diff EXPECTED_DIR ACTUAL_DIR`): each
/// folder's events merged as ``TraceMerge`` orders them (by time, then by the group's numbers), and, at each time both
/// folders have events at, the order of the streams compared. The events themselves are compared pair by pair
/// (``TraceComparison``); this sees what those comparisons cannot: the same events of each stream, at the same time,
/// in another order across streams. The numbers themselves are never compared, only the order they give.
///
/// At one time, the two folders' events are read side by side; the order changed there if, at the first place the
/// streams differ, every stream still has as many events at that time on each side (else an event is missing, or
/// moved in time, which the pairs report). With ``TimeComparison/ignored`` all the events are one such time. Memory is
/// bounded by one event a trace, and a count a stream. Its ``summary``: `order changed at t=+4ms: expected query:"b"
/// before results:"x", got results:"x" first`.
package struct StreamOrderComparison: Sendable {
    /// An event as a report names it: where it is, and `query:"b"`, `results:finished` (``GroupEvent``'s description,
    /// escaped for a terminal).
    package typealias Place = TraceDifference.Side

    /// The first place the order changed: two events of different streams at one time, in one order in expected
    /// (`expectedFirst`, then `expectedThen`) and the other in actual (`actualFirst` is the event of `expectedThen`'s
    /// stream that actual has there).
    package struct Difference: Sendable, Hashable {
        /// The time of both on the folders' shared axis; `nil` when times are ignored.
        package var time: Int64?
        /// `expectedFirst`'s 1-based position in expected's merged order.
        package var event: Int
        package var expectedFirst: Place
        package var expectedThen: Place
        package var actualFirst: Place
    }

    package let time: TimeComparison
    /// How many events the expected folder has.
    package private(set) var eventCount = 0
    /// The first changed order, if any.
    package private(set) var difference: Difference?

    package var matches: Bool { difference == nil }

    /// Reads both folders' traces to their ends. `expected[i]` and `actual[i]` are the traces of one stream, which
    /// reports name `streams[i]`.
    ///
    /// - Throws: ``TraceReadError`` if a trace cannot be read, or breaks its group's numbers (as ``TraceMerge`` says).
    package init(
        expected: [TraceReader], actual: [TraceReader], streams: [String], time: TimeComparison
    ) throws(TraceReadError) {
        self.time = time
        var walk = (expected: try Side(expected, streams), actual: try Side(actual, streams))
        while let next = walk.expected.bucket(time) ?? walk.actual.bucket(time) {
            let (left, right) = (walk.expected.bucket(time), walk.actual.bucket(time))
            if left == right {
                try compare(at: next, &walk.expected, &walk.actual)
            } else if let left, right.map({ left < $0 }) ?? true {
                try walk.expected.skip(left, time)
            } else if let right {
                try walk.actual.skip(right, time)
            }
        }
        eventCount = walk.expected.count
    }

    /// Reads the events of both sides at `bucket` side by side, noting where their streams first part if every stream
    /// has as many events there on each side.
    private mutating func compare(at bucket: Int64, _ left: inout Side, _ right: inout Side) throws(TraceReadError) {
        var balance: [Int: Int] = [:]
        var parted: (event: Int, expected: Place, actual: Place, lane: Int)?
        var then: Place?
        while left.bucket(time) == bucket || right.bucket(time) == bucket {
            let x = left.bucket(time) == bucket ? try left.take() : nil
            let y = right.bucket(time) == bucket ? try right.take() : nil
            if let x { balance[x.lane, default: 0] += 1 }
            if let y { balance[y.lane, default: 0] -= 1 }
            if parted == nil, let x, let y, x.lane != y.lane {
                parted = (left.count, left.place(x), right.place(y), y.lane)
            } else if let parting = parted, then == nil, let x, x.lane == parting.lane {
                then = left.place(x)
            }
        }
        guard difference == nil, let parted, let then, balance.values.allSatisfy({ $0 == 0 }) else { return }
        difference = Difference(
            time: time == .ignored ? nil : bucket, event: parted.event, expectedFirst: parted.expected,
            expectedThen: then, actualFirst: parted.actual)
    }

    /// `order matches: 9 events, exact times`, or `order changed at t=+4ms: expected query:"b" before results:"x",
    /// got results:"x" first` (`at event 5 (times ignored)` when times are ignored).
    package var summary: String {
        guard let difference else { return "order matches: \(eventCount) events, \(time)" }
        let place = difference.time.map { "at \(TimeFormat.offset($0))" } ?? "at event \(difference.event) (\(time))"
        return "order changed \(place): expected \(difference.expectedFirst.text) before "
            + "\(difference.expectedThen.text), got \(difference.actualFirst.text) first"
    }
}

extension StreamOrderComparison {
    /// One folder's merged events, read one ahead.
    private struct Side {
        let merge: TraceMerge
        let files: [String]
        let streams: [String]
        var head: (lane: Int, time: Int64, event: TraceEvent)?
        /// How many events were taken.
        var count = 0

        init(_ readers: [TraceReader], _ streams: [String]) throws(TraceReadError) {
            merge = try TraceMerge(readers: readers, alignment: TraceAlignment(headers: readers.map(\.header)))
            files = readers.map(\.file)
            self.streams = streams
            head = try merge.next()
        }

        /// What the next event is compared with: its time, or one bucket for all when times are ignored.
        func bucket(_ time: TimeComparison) -> Int64? {
            head.map { time == .ignored ? 0 : $0.time }
        }

        mutating func take() throws(TraceReadError) -> (lane: Int, time: Int64, event: TraceEvent)? {
            guard let taken = head else { return nil }
            head = try merge.next()
            count += 1
            return taken
        }

        /// Takes every event of `bucket`: the other side has none there.
        mutating func skip(_ bucket: Int64, _ time: TimeComparison) throws(TraceReadError) {
            while self.bucket(time) == bucket { _ = try take() }
        }

        func place(_ taken: (lane: Int, time: Int64, event: TraceEvent)) -> Place {
            let text = GroupEvent(stream: streams[taken.lane], event: taken.event.event).description
            return Place(file: files[taken.lane], line: taken.event.line ?? 0, text: TerminalText.escaped(text))
        }
    }
}
