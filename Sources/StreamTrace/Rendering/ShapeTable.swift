/// The details of a whole-shape failure: expected and actual events side by side around the first difference, then
/// both as marble lines on one scale, lettered alike, a caret under where they first differ, and one legend of whole
/// values. No value is cut: one longer than ``valueLimit`` stands in the table as its letter.
struct ShapeTable {
    struct Row {
        /// What happened: `value`, `finished`, `failure Boom: boom`, `cancel`.
        var event: String
        /// A value's text and which distinct value it is.
        var value: (text: String, key: Int)? = nil
        var nanoseconds: Int64?
        var showsTime: Bool
        var mark: RecentTimeline.Mark
    }

    /// Rows shown before and after the first difference.
    static let context = 3
    /// The widest value the table shows itself.
    static let valueLimit = 32

    let text: String

    /// The rows a table shows around the first difference `first`, of `count`.
    static func shown(around first: Int, count: Int) -> Range<Int> {
        max(0, first - context)..<min(count, first + context + 1)
    }

    /// The table of the rows `shown` (`expected` and `actual` hold those each side has), `more` saying which side has
    /// rows after them, on a scale that starts at `base` (the time of the row before them).
    init(
        expected: [Row], actual: [Row], shown: Range<Int>, more: (expected: Bool, actual: Bool),
        firstDifference first: Int, base: Int64
    ) {
        var lettering = MarbleLettering<Int>()
        let sides = [expected, actual]
        func timeline(_ rows: [Row], times: [Int64], _ more: Bool) -> RecentTimeline {
            RecentTimeline(
                events: zip(rows, times).map { .init(nanoseconds: $1, mark: $0.mark) }, omitted: shown.lowerBound,
                isOpen: !(rows.last?.mark.isTerminal ?? false), start: base, isCut: more)
        }
        let timelines = [
            timeline(expected, times: Self.times(of: expected, actual: actual, base: base), more.expected),
            timeline(actual, times: actual.map { $0.nanoseconds ?? base }, more.actual),
        ]
        let drawing = RecentTimeline.draw(timelines, lettering: &lettering) { sides[$0][$1].value?.key }
        func cell(_ row: Row?) -> String {
            guard let row else { return "(nothing)" }
            var text = row.event
            if let (value, key) = row.value {
                let fits = TerminalText.width(value) <= Self.valueLimit
                text = "value " + (fits ? value : String(lettering.letter(for: key, label: value)))
            }
            return row.showsTime ? "\(text) at \(TimeFormat.offset(row.nanoseconds ?? 0))" : text
        }
        func row(_ rows: [Row], _ index: Int) -> Row? { index < rows.count ? rows[index] : nil }
        let cells = (0..<shown.count).map { (cell(row(expected, $0)), cell(row(actual, $0))) }
        let lines = Self.table(cells, shown: shown, first: first, more: more.expected || more.actual)
        text = (lines + drawing.labelled(["expected", "actual"])).joined(separator: "\n")
    }

    /// The side-by-side rows, numbered, `>` at the first difference.
    private static func table(_ cells: [(String, String)], shown: Range<Int>, first: Int, more: Bool) -> [String] {
        let width = max(cells.map { TerminalText.width($0.0) }.max() ?? 0, "expected".count)
        let numberWidth = String(shown.upperBound).count
        let blank = "  " + String(repeating: " ", count: numberWidth) + "  "
        var lines = [blank + TextLayout.padded("expected", to: width) + "  actual"]
        if shown.lowerBound > 0 { lines.append("  " + TextLayout.padded("…", to: numberWidth)) }
        for (row, (left, right)) in zip(shown, cells) {
            let number = TextLayout.padded(String(row + 1), to: numberWidth, alignment: .right)
            lines.append(
                (row == first ? "> " : "  ") + number + "  " + TextLayout.padded(left, to: width) + "  " + right)
        }
        if more { lines.append("  " + TextLayout.padded("…", to: numberWidth)) }
        return lines
    }

    /// The expected events' times: their own, else the actual event's in their row, else just after the one before.
    private static func times(of expected: [Row], actual: [Row], base: Int64) -> [Int64] {
        var times: [Int64] = []
        for (index, row) in expected.enumerated() {
            let paired = index < actual.count ? actual[index].nanoseconds : nil
            times.append(row.nanoseconds ?? paired ?? ((times.last ?? base) &+ 1))
        }
        return times
    }
}
