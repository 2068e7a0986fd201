/// Expected and actual events side by side around the first difference,
/// then both as marble lines: the details of a whole-shape failure.
///
/// ```
///      expected             actual
///   1  value 1              value 1 at t=+0ns
/// > 2  value 2              finished at t=+1s
///   3  finished             (nothing)
/// expected: -1-2-|
/// actual:   -1---|
/// ```
struct ShapeTable {
    /// One event as the table shows it.
    struct Row {
        var text: String
        var nanoseconds: Int64?
        var mark: RecentTimeline.Mark
    }

    /// Rows shown before and after the first difference.
    static let context = 3
    static let columnLimit = 40

    let text: String

    init(expected: [Row], actual: [Row], firstDifference first: Int) {
        let rowCount = max(expected.count, actual.count)
        let start = max(0, first - Self.context)
        let end = min(rowCount, first + Self.context + 1)
        let shownExpected = expected[min(start, expected.count)..<min(end, expected.count)].map(\.text)
        let width = min(max(shownExpected.map(\.count).max() ?? 0, "expected".count), Self.columnLimit)
        let numberWidth = String(end).count
        var lines = [
            "  " + String(repeating: " ", count: numberWidth) + "  " + TextLayout.fitted("expected", to: width)
                + "  actual"
        ]
        if start > 0 { lines.append("  " + TextLayout.fitted("…", to: numberWidth)) }
        for row in start..<end {
            let marker = row == first ? "> " : "  "
            let number = TextLayout.padded(String(row + 1), to: numberWidth, alignment: .right)
            let left = row < expected.count ? expected[row].text : "(nothing)"
            let right = row < actual.count ? actual[row].text : "(nothing)"
            lines.append(marker + number + "  " + TextLayout.fitted(left, to: width) + "  " + right)
        }
        if end < rowCount { lines.append("  " + TextLayout.fitted("…", to: numberWidth)) }
        lines.append("expected: " + Self.marbles(expected, through: first).line)
        lines.append("actual:   " + Self.marbles(actual, through: first).line)
        text = lines.joined(separator: "\n")
    }

    /// The events up to just after the first difference as a marble line;
    /// an event without a time is drawn at the time of the one before.
    static func marbles(_ rows: [Row], through first: Int) -> RecentTimeline {
        let end = min(rows.count, first + 2)
        let start = max(0, end - 2 * context)
        var time: Int64 = 0
        var times: [Int64] = []
        for row in rows[..<end] {
            time = row.nanoseconds ?? time
            times.append(time)
        }
        var builder = RecentTimeline.Builder(limit: 2 * context)
        builder.skip(start, lastAt: start > 0 ? times[start - 1] : 0)
        for row in start..<end { builder.append(.init(nanoseconds: times[row], mark: rows[row].mark)) }
        return builder.timeline(isCut: end < rows.count)
    }
}
