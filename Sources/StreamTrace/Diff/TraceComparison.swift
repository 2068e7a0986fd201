/// Two traces compared event by event: `streamtrace diff` and golden
/// traces.
///
/// Both traces are read once, side by side, in constant memory. The header
/// contributes its stream name (the wall-clock `started`, the clock's name
/// and `meta` are not compared); then event N of one is compared with event
/// N of the other: kind, value (JSON equality), demand, error, and time as
/// ``TimeComparison`` says. An event only one trace has is a difference too.
///
/// ```swift
/// let comparison = try TraceComparison(
///     expected: TraceReader(path: "golden.jsonl"), actual: TraceReader(path: "run.jsonl"), time: .ignored)
/// comparison.matches   // false
/// comparison.report    // event 3: values differ …
/// ```
public struct TraceComparison: Sendable {
    /// The names (paths) of the traces.
    public let expectedFile: String
    public let actualFile: String
    /// How times were compared.
    public let time: TimeComparison
    /// The first differences, at most `limit` of them.
    public private(set) var differences: [TraceDifference] = []
    /// How many differences there are in all.
    public private(set) var differenceCount = 0
    public private(set) var expectedEventCount = 0
    public private(set) var actualEventCount = 0
    /// The last events of each trace up to just after the first
    /// difference (or the end), as marble lines.
    public private(set) var expectedTimeline = RecentTimeline(events: [], omitted: 0, isOpen: true)
    public private(set) var actualTimeline = RecentTimeline(events: [], omitted: 0, isOpen: true)

    /// Whether the traces match.
    public var matches: Bool { differenceCount == 0 }

    /// Reads both traces to their ends and compares them, keeping the
    /// first `limit` differences.
    ///
    /// - Throws: ``TraceReadError`` if either trace cannot be read.
    public init(
        expected: TraceReader, actual: TraceReader, time: TimeComparison = .exact, limit: Int = 20
    ) throws(TraceReadError) {
        expectedFile = expected.file
        actualFile = actual.file
        self.time = time
        if expected.header.stream != actual.header.stream {
            note(
                TraceDifference(
                    event: nil, reason: "stream names differ",
                    expected: .init(file: expectedFile, line: 1, text: Self.name(expected.header.stream)),
                    actual: .init(file: actualFile, line: 1, text: Self.name(actual.header.stream))),
                limit: limit)
        }
        var expectedRecent = TimelineTail()
        var actualRecent = TimelineTail()
        var tailAfterFirstDifference = 2
        while true {
            let left = try expected.next()
            let right = try actual.next()
            if left == nil, right == nil { break }
            if left != nil { expectedEventCount += 1 }
            if right != nil { actualEventCount += 1 }
            let index = max(expectedEventCount, actualEventCount)
            let differed = differenceCount > 0
            if let difference = compare(left, right, index: index) { note(difference, limit: limit) }
            // The timelines stop a little after the first difference.
            if differenceCount == 0 || tailAfterFirstDifference > 0 {
                if differed { tailAfterFirstDifference -= 1 }
                if let left { expectedRecent.append(left) }
                if let right { actualRecent.append(right) }
            }
        }
        expectedTimeline = expectedRecent.timeline
        actualTimeline = actualRecent.timeline
    }

    private mutating func note(_ difference: TraceDifference, limit: Int) {
        if differences.count < limit { differences.append(difference) }
        differenceCount += 1
    }

    private func compare(_ expected: TraceEvent?, _ actual: TraceEvent?, index: Int) -> TraceDifference? {
        let reason: String
        switch (expected, actual) {
        case (nil, nil): return nil
        case (_?, nil): reason = "only in expected"
        case (nil, _?): reason = "only in actual"
        case (let expected?, let actual?):
            if expected.event.kind != actual.event.kind {
                reason = "kinds differ"
            } else if expected.event != actual.event {
                switch expected.event.kind {
                case .value: reason = "values differ"
                case .request: reason = "demands differ"
                default: reason = "errors differ"
                }
            } else if !time.agree(expected.nanoseconds, actual.nanoseconds) {
                let difference = TimeFormat.short(actual.nanoseconds &- expected.nanoseconds)
                let allowed = if case .tolerance(let tolerance) = time { " (tolerance \(TimeFormat.short(tolerance)))" } else { "" }
                reason = "times differ by \(difference.hasPrefix("-") ? difference : "+" + difference)\(allowed)"
            } else {
                return nil
            }
        }
        return TraceDifference(
            event: index, reason: reason, expected: expected.map { side($0, expectedFile) },
            actual: actual.map { side($0, actualFile) })
    }

    private func side(_ event: TraceEvent, _ file: String) -> TraceDifference.Side {
        .init(file: file, line: event.line ?? 0, text: "\(TimeFormat.offset(event.nanoseconds))  \(Self.text(event.event))")
    }

    static func text(_ event: StreamEvent<JSONValue, TraceFailure>) -> String {
        switch event {
        case .subscribe: "subscribe"
        case .request(let demand): "request \(demand)"
        case .value(let value): "value \(value.jsonText)"
        case .finished: "finished"
        case .failure(let failure): "failure \(failure)"
        case .cancel: "cancel"
        }
    }

    private static func name(_ stream: String?) -> String {
        stream.map { "stream \(JSONValue.string($0).jsonText)" } ?? "no stream name"
    }

    /// For people: the differences as a diff with file names and line
    /// numbers, a closing count, and both timelines as marble lines.
    public var report: String {
        var lines = ["--- \(expectedFile)  (\(expectedEventCount) events)", "+++ \(actualFile)  (\(actualEventCount) events)"]
        let width = differences.flatMap { [$0.expected, $0.actual] }.compactMap { $0.map { "\($0.file):\($0.line)".count } }.max() ?? 0
        for difference in differences { lines += difference.lines(width: width) }
        if differenceCount > differences.count { lines.append("… and \(differenceCount - differences.count) more") }
        lines.append(summary)
        lines.append("expected: \(expectedTimeline)")
        lines.append("actual:   \(actualTimeline)")
        return lines.joined(separator: "\n")
    }

    /// One line: `traces match: 6 events, exact times` or `traces differ: 2
    /// differences, first at event 3 (line 4 of expected, line 4 of actual)`.
    public var summary: String {
        guard let first = differences.first else {
            return "traces match: \(expectedEventCount) events, \(time)"
        }
        let noun = differenceCount == 1 ? "difference" : "differences"
        let place = first.event.map { "event \($0)" } ?? "the header"
        let lines = [first.expected.map { "line \($0.line) of expected" }, first.actual.map { "line \($0.line) of actual" }]
            .compactMap { $0 }.joined(separator: ", ")
        return "traces differ: \(differenceCount) \(noun) (\(time)), first at \(place) (\(lines))"
    }
}

/// The last few drawn events of a trace read in order.
private struct TimelineTail {
    var events: [RecentTimeline.Event] = []
    var omitted = 0
    var start: Int64 = 0

    mutating func append(_ event: TraceEvent) {
        let mark: RecentTimeline.Mark
        switch event.event {
        case .value(let value): mark = .value(RecentTimeline.label(value.jsonText))
        case .finished: mark = .finished
        case .failure: mark = .failure
        case .cancel: mark = .cancel
        case .subscribe, .request: return
        }
        if events.count == RecentTimeline.defaultLimit {
            start = events.removeFirst().nanoseconds
            omitted += 1
        }
        events.append(.init(nanoseconds: event.nanoseconds, mark: mark))
    }

    /// Open (a trailing `-`) unless the last event drawn ends the stream.
    var timeline: RecentTimeline {
        RecentTimeline(events: events, omitted: omitted, isOpen: !(events.last?.mark.isTerminal ?? false), start: start)
    }
}
