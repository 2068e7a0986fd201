/// Two traces compared event by event: `streamtrace diff` and golden
/// traces.
///
/// Both traces are read once, side by side, in constant memory. The header
/// contributes its stream name (the wall-clock `started`, the clock's
/// reading `at`, the clock's name and `meta` are not compared). Events are lined up as a diff lines up
/// text: events with the same kind and payload (value by JSON equality,
/// demand, error) pair up, and an event that only one trace has shows as
/// such while the rest still pair up. Paired events must also agree in
/// time as ``TimeComparison`` says. Where the traces differ, the nearest
/// point where they agree again is looked for within
/// ``TraceComparison/window`` events of each; without one, events are
/// paired by position.
///
/// A last line cut off mid-write is read as every reader reads it: ignored
/// with a warning (the readers' ``TraceReader/warnings``), the trace open.
///
/// ```swift
/// let comparison = try TraceComparison(
///     expected: TraceReader(path: "golden.jsonl"), actual: TraceReader(path: "run.jsonl"), time: .ignored)
/// let matches = comparison.matches  // false
/// let report = comparison.report  // event 3: values differ …
/// ```
package struct TraceComparison: Sendable {
    /// How far ahead, in events of each trace, the comparison looks for
    /// the point where two differing traces agree again.
    package static let window = 32

    /// The names (paths) of the traces.
    package let expectedFile: String
    package let actualFile: String
    /// How times were compared.
    package let time: TimeComparison
    /// The first differences, at most `limit` of them.
    package private(set) var differences: [TraceDifference] = []
    /// How many differences there are in all.
    package private(set) var differenceCount = 0
    package private(set) var expectedEventCount = 0
    package private(set) var actualEventCount = 0
    /// The last events of each trace up to just after the first
    /// difference (or the end), as marble lines.
    package private(set) var expectedTimeline = RecentTimeline(events: [], omitted: 0, isOpen: true)
    package private(set) var actualTimeline = RecentTimeline(events: [], omitted: 0, isOpen: true)

    /// Whether the traces match.
    package var matches: Bool { differenceCount == 0 }

    /// Reads both traces to their ends and compares them, keeping the
    /// first `limit` differences.
    ///
    /// - Throws: ``TraceReadError`` if either trace cannot be read.
    package init(
        expected: TraceReader, actual: TraceReader, time: TimeComparison = .exact, limit: Int = 20
    ) throws(TraceReadError) {
        expectedFile = expected.file
        actualFile = actual.file
        self.time = time
        compareNames(expected.header.stream, actual.header.stream, limit: limit)
        var left = TraceLookahead(reader: expected)
        var right = TraceLookahead(reader: actual)
        var tails = (expected: RecentTimeline.Builder(), actual: RecentTimeline.Builder(), stepsAfterFirstDifference: 2)
        // One pair of events (or an event only one trace has) taken off the
        // front: compared, and drawn on the timelines.
        func step(_ expected: Bool, _ actual: Bool, into comparison: inout TraceComparison) {
            let same = expected && actual && TraceLookahead.samePayload(&left, 0, &right, 0)
            let pair = (expected ? left.popFirst() : nil, actual ? right.popFirst() : nil)
            let differed = comparison.differenceCount > 0
            if let difference = comparison.compare(pair.0, pair.1, same: same) {
                comparison.note(difference, limit: limit)
            }
            // The timelines stop a little after the first difference.
            if comparison.differenceCount == 0 || tails.stepsAfterFirstDifference > 0 {
                if differed { tails.stepsAfterFirstDifference -= 1 }
                if let event = pair.0, let mark = event.mark {
                    tails.expected.append(.init(nanoseconds: event.nanoseconds, mark: mark))
                }
                if let event = pair.1, let mark = event.mark {
                    tails.actual.append(.init(nanoseconds: event.nanoseconds, mark: mark))
                }
            }
        }
        while true {
            // The front events first: only where they differ is the window read.
            try left.fill(1)
            try right.fill(1)
            if left.isEmpty, right.isEmpty { break }
            if left.isEmpty || right.isEmpty || TraceLookahead.samePayload(&left, 0, &right, 0) {
                step(!left.isEmpty, !right.isEmpty, into: &self)
                continue
            }
            try left.fill(Self.window)
            try right.fill(Self.window)
            if let (skipExpected, skipActual) = EventAlignment.nearestAgreement(&left, &right) {
                let paired = min(skipExpected, skipActual)
                for _ in 0..<paired { step(true, true, into: &self) }
                for _ in paired..<skipExpected { step(true, false, into: &self) }
                for _ in paired..<skipActual { step(false, true, into: &self) }
            } else {
                // Nothing agrees within the window: pair by position for a while.
                for _ in 0..<Self.window / 2 where !left.isEmpty && !right.isEmpty { step(true, true, into: &self) }
            }
        }
        expectedEventCount = left.count
        actualEventCount = right.count
        expectedTimeline = tails.expected.timeline()
        actualTimeline = tails.actual.timeline()
    }

    /// Notes a difference at line 1 when the headers name different streams.
    private mutating func compareNames(_ expected: String?, _ actual: String?, limit: Int) {
        guard !Self.sameName(expected, actual) else { return }
        note(
            TraceDifference(
                expectedEvent: nil, actualEvent: nil, reason: "stream names differ",
                expected: .init(file: expectedFile, line: 1, text: Self.name(expected)),
                actual: .init(file: actualFile, line: 1, text: Self.name(actual))),
            limit: limit)
    }

    private mutating func note(_ difference: TraceDifference, limit: Int) {
        if differences.count < limit { differences.append(difference) }
        differenceCount += 1
    }

    /// Whether two stream names are the same, scalar for scalar.
    private static func sameName(_ expected: String?, _ actual: String?) -> Bool {
        switch (expected, actual) {
        case (nil, nil): true
        case (let expected?, let actual?): expected.isExactly(actual)
        default: false
        }
    }

    private static func name(_ stream: String?) -> String {
        stream.map { "stream \(JSONValue.string($0).jsonText)" } ?? "no stream name"
    }

    /// For people: the differences as a diff with file names and line
    /// numbers, a closing count, and both timelines as marble lines,
    /// lettered alike, with their legend (on one scale unless times are
    /// ignored).
    package var report: String {
        var lines = [
            "--- \(expectedFile)  (\(expectedEventCount) events)", "+++ \(actualFile)  (\(actualEventCount) events)",
        ]
        let width =
            differences.flatMap { [$0.expected, $0.actual] }.compactMap { $0.map { "\($0.file):\($0.line)".count } }
            .max() ?? 0
        for difference in differences { lines += difference.lines(width: width) }
        if differenceCount > differences.count { lines.append("… and \(differenceCount - differences.count) more") }
        lines.append(summary)
        lines += MarbleRenderer.draw([expectedTimeline, actualTimeline], onOneScale: time != .ignored)
            .labelled(["expected", "actual"], showsCaret: false)
        return lines.joined(separator: "\n")
    }

    /// One line: `traces match: 6 events, exact times` or `traces differ: 2
    /// differences, first at event 3 (line 4 of expected, line 4 of actual)`
    /// (`event 3 of expected, 4 of actual` when they are not lined up).
    package var summary: String {
        guard let first = differences.first else {
            return "traces match: \(expectedEventCount) events, \(time)"
        }
        let noun = differenceCount == 1 ? "difference" : "differences"
        let place = first.place ?? "the \(first.part)"
        let lines = [
            first.expected.map { "line \($0.line) of expected" }, first.actual.map { "line \($0.line) of actual" },
        ]
        .compactMap { $0 }.joined(separator: ", ")
        return "traces differ: \(differenceCount) \(noun) (\(time)), first at \(place) (\(lines))"
    }
}
