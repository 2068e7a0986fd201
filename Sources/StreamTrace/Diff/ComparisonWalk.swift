/// The walk of ``TraceComparison`` over two traces, side by side: events
/// that are the same as read are taken at once; where the front events
/// differ, the window is read and the nearest point where the two agree
/// again is looked for (``EventAlignment``); each pair is compared, and the
/// last events before (and a little after) the first difference are kept
/// for the timelines.
struct ComparisonWalk {
    var left: TraceLookahead
    var right: TraceLookahead
    let limit: Int
    /// The last events of each trace, for the timelines.
    var tails = (expected: RecentEvents(), actual: RecentEvents())
    /// How many more steps the timelines take once the traces differed.
    private var stepsAfterFirstDifference = 2

    init(left: TraceLookahead, right: TraceLookahead, limit: Int) {
        self.left = left
        self.right = right
        self.limit = limit
    }

    mutating func run(into comparison: inout TraceComparison) throws(TraceReadError) {
        while true {
            if left.isEmpty, right.isEmpty, try takeSamePair(into: comparison) { continue }
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

    /// With no event waiting on either side, reads the next two, and takes
    /// them at once if they are the same (the text of their values alike),
    /// as most events of two matching traces are: `true`. Else keeps them
    /// for the comparison: `false`.
    private mutating func takeSamePair(into comparison: TraceComparison) throws(TraceReadError) -> Bool {
        let (l, r) = (try left.readHead(), try right.readHead())
        if let l, let r, TraceLookahead.sameAsRead(left, l, right, r, time: comparison.time) {
            let none = UnsafeRawBufferPointer(start: nil, count: 0)
            draw(
                (l.nanoseconds, l.kind, left.reader.currentValueBytes ?? none),
                (r.nanoseconds, r.kind, right.reader.currentValueBytes ?? none),
                differed: comparison.differenceCount > 0)
            return true
        }
        if let l { left.keep(l) }
        if let r { right.keep(r) }
        return false
    }

    /// One pair of events (or an event only one trace has) taken off the
    /// front: compared, and drawn on the timelines.
    private mutating func step(_ expected: Bool, _ actual: Bool, into comparison: inout TraceComparison) {
        let same = expected && actual && TraceLookahead.samePayload(&left, 0, &right, 0)
        let pair = (expected ? left.popFirst() : nil, actual ? right.popFirst() : nil)
        let differed = comparison.differenceCount > 0
        if let reason = comparison.reason(pair.0, pair.1, same: same) {
            // Described only while kept: every event of two traces may differ.
            let kept = comparison.differences.count < limit
            comparison.note(
                kept ? comparison.difference(pair.0, pair.1, same: same, reason: reason) : nil, limit: limit)
        }
        Self.drawn(pair.0) { expected in Self.drawn(pair.1) { draw(expected, $0, differed: differed) } }
    }

    /// An event as ``draw(_:_:differed:)`` takes it, for `body`.
    private static func drawn(
        _ event: TraceLookahead.Event?, _ body: ((Int64, EventKind, UnsafeRawBufferPointer)?) -> Void
    ) {
        guard let event else { return body(nil) }
        event.withShown { body((event.nanoseconds, event.kind, $0)) }
    }

    /// Draws events on the timelines, which stop a little after the first
    /// difference (`differed`: the traces differed before these events).
    private mutating func draw(
        _ expected: (Int64, EventKind, UnsafeRawBufferPointer)?, _ actual: (Int64, EventKind, UnsafeRawBufferPointer)?,
        differed: Bool
    ) {
        guard !differed || stepsAfterFirstDifference > 0 else { return }
        if differed { stepsAfterFirstDifference -= 1 }
        if let (time, kind, value) = expected { tails.expected.append(nanoseconds: time, kind: kind, value: value) }
        if let (time, kind, value) = actual { tails.actual.append(nanoseconds: time, kind: kind, value: value) }
    }
}
