/// The walk of ``TraceComparison`` over two traces side by side: events that are the same as read are taken at once;
/// where the front events differ, the window is read and the nearest agreement looked for (``EventAlignment``). Each
/// pair is compared, and the last events before (and a little after) the first difference are kept for the timelines.
struct ComparisonWalk {
    var left: TraceLookahead
    var right: TraceLookahead
    let limit: Int
    /// The last events of each trace, for the timelines.
    var tails = (expected: RecentEvents(), actual: RecentEvents())
    /// How many more steps the timelines take once the traces differed.
    private var stepsAfterFirstDifference = 2
    /// Whether both traces may still be read ahead, and the threads reading them once they are.
    private var mayReadAhead: Bool
    private var readAheads: (ReadAhead, ReadAhead)?
    /// How many events were compared one by one (not taken as read).
    private var steps = 0
    private let stepsBeforeReadingAhead: Int

    /// `readAheadAfter`: as ``TraceComparison/init(expected:actual:time:limit:readAheadAfter:)`` says.
    init(left: TraceLookahead, right: TraceLookahead, limit: Int, readAheadAfter: Int? = nil) {
        self.left = left
        self.right = right
        self.limit = limit
        mayReadAhead = readAheadAfter != nil
        stepsBeforeReadingAhead = readAheadAfter ?? 0
    }

    /// Ends the threads reading ahead, if any, and waits for them.
    mutating func stopReadingAhead() {
        readAheads?.0.stop()
        readAheads?.1.stop()
        readAheads = nil
    }

    /// Reads both traces ahead from here on, once they differ in many events.
    private mutating func readAheadIfDifferent() {
        guard steps >= stepsBeforeReadingAhead, steps * 4 >= left.count + right.count else { return }
        mayReadAhead = false
        guard !left.isAtEnd, !right.isAtEnd, let expected = ReadAhead(reader: left.reader, counted: left.count)
        else { return }
        guard let actual = ReadAhead(reader: right.reader, counted: right.count) else { return expected.stop() }
        readAheads = (expected, actual)
        left.read(from: expected)
        right.read(from: actual)
    }

    mutating func run(into comparison: inout TraceComparison) throws(TraceReadError) {
        while true {
            if mayReadAhead { readAheadIfDifferent() }
            if !left.readsAhead, left.isEmpty, right.isEmpty, try takeSamePair(into: comparison) { continue }
            // The front events first: only where they differ is the window read.
            try left.fill(1)
            try right.fill(1)
            if left.isEmpty, right.isEmpty { return }
            if left.isEmpty || right.isEmpty || TraceLookahead.samePayload(&left, 0, &right, 0) {
                step(!left.isEmpty, !right.isEmpty, into: &comparison)
                continue
            }
            try left.fill(TraceComparison.window)
            try right.fill(TraceComparison.window)
            if let (skipExpected, skipActual) = EventAlignment.nearestAgreement(&left, &right, time: comparison.time) {
                let paired = min(skipExpected, skipActual)
                for _ in 0..<paired { step(true, true, into: &comparison) }
                for _ in paired..<skipExpected { step(true, false, into: &comparison) }
                for _ in paired..<skipActual { step(false, true, into: &comparison) }
            } else {
                // Nothing agrees within the window: pair by position for a while.
                for _ in 0..<TraceComparison.window / 2 where !left.isEmpty && !right.isEmpty {
                    step(true, true, into: &comparison)
                }
            }
        }
    }

    /// With no event waiting on either side, reads the next two and takes them at once if the same (their values' text
    /// alike), as most events of two matching traces are: `true`; else keeps them for the comparison.
    private mutating func takeSamePair(into comparison: TraceComparison) throws(TraceReadError) -> Bool {
        let (l, r) = (try left.readHead(), try right.readHead())
        if let l, let r, TraceLookahead.sameAsRead(left, l, right, r, time: comparison.time) {
            if drawsNext(differed: comparison.differenceCount > 0) {
                let none = UnsafeRawBufferPointer(start: nil, count: 0)
                tails.expected.append(
                    nanoseconds: l.nanoseconds, kind: l.kind, value: left.reader.currentValueBytes ?? none)
                tails.actual.append(
                    nanoseconds: r.nanoseconds, kind: r.kind, value: right.reader.currentValueBytes ?? none)
            }
            return true
        }
        if let l { left.keep(l) }
        if let r { right.keep(r) }
        return false
    }

    /// One pair of events (or an event only one trace has) taken off the front: compared, and drawn on the timelines.
    private mutating func step(_ expected: Bool, _ actual: Bool, into comparison: inout TraceComparison) {
        steps += 1
        let same = expected && actual && TraceLookahead.samePayload(&left, 0, &right, 0)
        let pair = (expected ? left.popFirst() : nil, actual ? right.popFirst() : nil)
        let differed = comparison.differenceCount > 0
        if let reason = comparison.reason(pair.0, pair.1, same: same) {
            // Described only while kept: every event of two traces may differ.
            let kept = comparison.differences.count < limit
            comparison.note(
                kept ? comparison.difference(pair.0, pair.1, same: same, reason: reason) : nil, limit: limit)
        }
        guard drawsNext(differed: differed) else { return }
        if let event = pair.0 { tails.expected.append(event) }
        if let event = pair.1 { tails.actual.append(event) }
    }

    /// Whether the timelines take the next events: they end a little after the first difference (`differed`: it came
    /// before these).
    private mutating func drawsNext(differed: Bool) -> Bool {
        guard differed else { return true }
        guard stepsAfterFirstDifference > 0 else { return false }
        stepsAfterFirstDifference -= 1
        return true
    }
}
