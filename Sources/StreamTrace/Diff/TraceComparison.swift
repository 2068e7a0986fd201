/// Two traces compared event by event (`streamtrace diff`, golden traces), read once, side by side, in constant memory.
/// Of the header only the stream name is compared. Events are lined up as ``EventAlignment`` says, and paired ones must
/// also agree in time as ``TimeComparison`` says. A last line cut off mid-write is ignored with a warning, as every
/// reader does (``TraceReader/warnings``).
package struct TraceComparison: Sendable {
    /// How far ahead, in events of each trace, the comparison looks for where two differing traces agree again.
    package static let window = 32

    /// How many events `diff` compares one by one before reading both traces ahead on threads of their own, when they
    /// are regular files (see ``init(expected:actual:time:limit:readAheadAfter:)``).
    package static let readAheadAfter = 1_024

    /// The names (paths) of the traces.
    package let expectedFile: String
    package let actualFile: String
    package let time: TimeComparison
    /// The first differences, at most `limit` of them.
    package private(set) var differences: [TraceDifference] = []
    /// How many differences there are in all.
    package private(set) var differenceCount = 0
    package private(set) var expectedEventCount = 0
    package private(set) var actualEventCount = 0
    /// The last events of each trace up to just after the first difference (or the end), as marble lines.
    package private(set) var expectedTimeline = RecentTimeline(events: [], omitted: 0, isOpen: true)
    package private(set) var actualTimeline = RecentTimeline(events: [], omitted: 0, isOpen: true)

    package var matches: Bool { differenceCount == 0 }

    /// Reads both traces to their ends and compares them, keeping the first `limit` differences. With `readAheadAfter`
    /// (both traces regular files), each is read and hashed on a thread of its own (``ReadAhead``) once they differ in
    /// that many events and in a quarter of all; the threads end before this returns or throws.
    ///
    /// - Throws: ``TraceReadError`` if either trace cannot be read.
    package init(
        expected: TraceReader, actual: TraceReader, time: TimeComparison = .exact, limit: Int = 20,
        readAheadAfter: Int? = nil
    ) throws(TraceReadError) {
        self.init(expectedFile: expected.file, actualFile: actual.file, time: time)
        compareNames(expected.header.stream, actual.header.stream, limit: limit)
        var walk = ComparisonWalk(
            left: TraceLookahead(reader: expected), right: TraceLookahead(reader: actual), limit: limit,
            readAheadAfter: readAheadAfter)
        defer { walk.stopReadingAhead() }
        try walk.run(into: &self)
        expectedEventCount = walk.left.count
        actualEventCount = walk.right.count
        expectedTimeline = walk.tails.expected.timeline()
        actualTimeline = walk.tails.actual.timeline()
    }

    /// The comparison of two trace files that hold the same bytes, from one scan of the expected file's first `size`
    /// bytes at `fd` (those compared, even if it grew since), every line checked as the reader checks it: they match,
    /// and show what an event-by-event comparison shows. The actual file gets the expected's warnings, in its name.
    ///
    /// - Throws: ``TraceReadError`` as reading the expected trace would.
    package static func identical(
        _ fd: Int32, size: Int, expectedFile: String, actualFile: String, time: TimeComparison
    ) throws(TraceReadError) -> (TraceComparison, warnings: [TraceReadWarning]) {
        let scan = try TraceScan.run(.file(fd: fd, range: 0..<size), name: expectedFile, options: TraceScanOptions()) {
            RecentEventsScan()
        }
        var comparison = TraceComparison(expectedFile: expectedFile, actualFile: actualFile, time: time)
        comparison.expectedEventCount = scan.eventCount
        comparison.actualEventCount = scan.eventCount
        comparison.expectedTimeline = scan.consumer.recent.timeline()
        comparison.actualTimeline = comparison.expectedTimeline
        let actualWarnings = scan.warnings.map {
            TraceReadWarning(file: actualFile, line: $0.line, column: $0.column, message: $0.message)
        }
        return (comparison, scan.warnings + actualWarnings)
    }

    private init(expectedFile: String, actualFile: String, time: TimeComparison) {
        self.expectedFile = expectedFile
        self.actualFile = actualFile
        self.time = time
    }

    /// Notes a difference at line 1 when the headers name different streams (compared scalar for scalar).
    private mutating func compareNames(_ expected: String?, _ actual: String?, limit: Int) {
        if let expected, let actual, expected.isExactly(actual) { return }
        if expected == nil, actual == nil { return }
        note(
            TraceDifference(
                expectedEvent: nil, actualEvent: nil, reason: "stream names differ",
                expected: .init(file: expectedFile, line: 1, text: Self.name(expected)),
                actual: .init(file: actualFile, line: 1, text: Self.name(actual))),
            limit: limit)
    }

    /// Counts a difference, and keeps it while fewer than `limit` are kept.
    mutating func note(_ difference: TraceDifference?, limit: Int) {
        if let difference, differences.count < limit { differences.append(difference) }
        differenceCount += 1
    }

    private static func name(_ stream: String?) -> String {
        stream.map { "stream \(JSONValue.string($0).jsonText)" } ?? "no stream name"
    }

    /// For people: the differences as a diff with file names and line numbers, a closing count, and both timelines as
    /// marble lines, lettered alike, with their legend (on one scale unless times are ignored).
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
        lines += RecentTimeline.draw([expectedTimeline, actualTimeline], onOneScale: time != .ignored)
            .labelled(["expected", "actual"], showsCaret: false)
        return lines.joined(separator: "\n")
    }

    /// One line: `traces match: 6 events, exact times` or `traces differ: 2 differences, first at event 3 (line 4 of
    /// expected, line 4 of actual)` (`event 3 of expected, 4 of actual` when they are not lined up).
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

extension TraceComparison {
    /// Why two paired events differ, if they do: kind, payload (`same`: whether kind and payload agree), or time beyond
    /// what ``time`` allows; or an event only one trace has.
    func reason(_ expected: TraceLookahead.Event?, _ actual: TraceLookahead.Event?, same: Bool) -> String? {
        switch (expected, actual) {
        case (nil, nil): return nil
        case (_?, nil): return "only in expected"
        case (nil, _?): return "only in actual"
        case (let expected?, let actual?):
            if expected.kind != actual.kind { return "kinds differ" }
            if !same {
                switch expected.kind {
                case .value: return "values differ"
                case .request: return "demands differ"
                default: return "errors differ"
                }
            }
            guard !time.agree(expected.nanoseconds, actual.nanoseconds) else { return nil }
            let difference = TimeFormat.short(actual.nanoseconds &- expected.nanoseconds)
            let allowed =
                if case .tolerance(let tolerance) = time { " (tolerance \(TimeFormat.exact(tolerance)))" } else { "" }
            return "times differ by \(difference.hasPrefix("-") ? difference : "+" + difference)\(allowed)"
        }
    }

    /// The difference of two paired events, for `reason`, with each side as the report shows it (made only if kept).
    func difference(
        _ expected: TraceLookahead.Event?, _ actual: TraceLookahead.Event?, same: Bool, reason: String
    ) -> TraceDifference {
        var (expectedText, actualText) = (expected?.text, actual?.text)
        if let shown = expectedText, let other = actualText, !same, shown == other {
            (expectedText, actualText) = Self.distinguished(shown, other)
        }
        return TraceDifference(
            expectedEvent: expected?.index, actualEvent: actual?.index, reason: reason,
            expected: expected.map { side($0, expectedFile, expectedText) },
            actual: actual.map { side($0, actualFile, actualText) })
    }

    private func side(_ event: TraceLookahead.Event, _ file: String, _ text: String?) -> TraceDifference.Side {
        .init(file: file, line: event.line, text: "\(TimeFormat.offset(event.nanoseconds))  \(text ?? event.text)")
    }

    /// Two texts of different events that read the same: as scalars (`é` beside `e\u0301`), or, when they are the same
    /// to the last scalar (the events differ past the part shown), saying so.
    static func distinguished(_ expected: String, _ actual: String) -> (String, String) {
        guard !expected.isExactly(actual) else {
            let note = " (they differ past the first \(TraceLookahead.valueColumns) characters)"
            return (expected + note, actual + note)
        }
        // Every scalar outside ASCII as `\u` and hex digits.
        func escaped(_ text: String) -> String {
            text.unicodeScalars.map { $0.isASCII ? String($0) : TerminalText.escape($0) }.joined()
        }
        return (escaped(expected), escaped(actual))
    }
}
