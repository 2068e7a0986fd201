/// A group marble expectation's failure for a person (``StreamExpectations/GroupMarbles``): each lane's expected over
/// actual as ``MarbleReport`` draws one recording, all lanes on one scale and lettered alike, the caret under the
/// differing frame below the lane it concerns, one legend; and an order across lanes written out.
struct GroupMarbleReport {
    /// A lane's diagram and the events its stream recorded.
    struct Lane {
        var stream: String
        var diagram: MarbleDiagram
        /// The value of each of the diagram's events (`nil` for an end).
        var expectedValues: [JSONValue?]
        var recorded: [MarbleMatch.Recorded]
        /// The value of each recorded event (`nil` for an end).
        var actualValues: [JSONValue?]
        /// The stream's error, if it failed, for the legend (`#: …`).
        var failureText: String?
        /// How many of the stream's elements after `recorded` are left out (``StreamExpectations/GroupMarbles`` reads
        /// the lane's elements and one more), said in the legend.
        var omitted = 0
    }

    /// An event of a lane: the lane's index, and the event's among the lane's events.
    struct LaneEvent: Hashable {
        var lane: Int
        var event: Int
    }

    /// Events that share a frame, recorded in another order than their lanes: in frame `frame`, `expected` is the
    /// first event the lanes list there, `recorded` the one recorded first instead.
    struct Misordered: Hashable {
        var frame: Int64
        var expected: LaneEvent
        var recorded: LaneEvent
    }

    let streams: [String]
    let reports: [MarbleReport<JSONValue>]
    /// What each lane leaves out, for the legend: `results: 28 later elements not drawn: the difference comes before`.
    let omitted: [String]

    /// The lanes, their letters named by `names` (a letter means one value in every lane), free letters for the rest.
    init(lanes: [Lane], names: [Character: JSONValue]) {
        streams = lanes.map(\.stream)
        omitted = lanes.filter { $0.omitted > 0 }.map { lane in
            "\(lane.stream): \(lane.omitted) later element\(lane.omitted == 1 ? "" : "s") not drawn: the difference comes before"
        }
        let names = Self.lettered(lanes, names)
        reports = lanes.map { lane in
            MarbleReport(
                diagram: lane.diagram, expectedValues: lane.expectedValues, recorded: lane.recorded,
                actualValues: lane.actualValues, names: names, failureText: lane.failureText
            ) { ValueText.message($0.jsonText) }
        }
    }

    /// `names`, and a free letter for each recorded value it does not name, lane by lane: every lane's report then
    /// letters a value as the others do.
    private static func lettered(_ lanes: [Lane], _ names: [Character: JSONValue]) -> [Character: JSONValue] {
        var names = names
        var lettering = MarbleLettering<JSONValue>()
        for (name, value) in names.sorted(by: { $0.key < $1.key }) { lettering.reserve(name, for: value, label: "") }
        var named = Set(names.values)
        for case let value? in lanes.flatMap(\.actualValues) where named.insert(value).inserted {
            let letter = lettering.letter(for: value, label: "")
            if letter != MarbleTheme.unnamed { names[letter] = value }
        }
        return names
    }

    /// A lane's first difference in one line: `query: frame 4: expected b ("swi"), got c ("sx")`.
    func message(_ difference: MarbleMatch.Difference, lane: Int) -> String {
        "\(streams[lane]): " + reports[lane].message(difference)
    }

    /// An order across lanes in one line: `frame 4: expected query:b before results:y, recorded results:y first`.
    func message(order: Misordered) -> String {
        let expected = name(order.expected)
        let recorded = name(order.recorded)
        return "frame \(order.frame): expected \(expected) before \(recorded), recorded \(recorded) first"
    }

    /// A lane's event as an order names it: its stream and its symbol in the diagram, `query:b`.
    private func name(_ event: LaneEvent) -> String {
        "\(streams[event.lane]):\(reports[event.lane].expectedSymbols[event.event])"
    }

    /// Each lane's expected over actual on one scale, the caret under frame `frame` below lane `lane`, the legend.
    func details(caretAt frame: Int64, under lane: Int) -> String {
        var lines = MarbleLines<Int>(scale: .frames(reports[0].diagram.frame), lines: 2 * reports.count)
        for (index, report) in reports.enumerated() { report.draw(on: &lines, line: 2 * index) }
        var drawing = lines.drawing(caretFrame: frame)
        drawing.legend = []
        for line in reports.flatMap(\.legend) where !drawing.legend.contains(line) { drawing.legend.append(line) }
        drawing.legend += omitted
        let width = streams.map { TerminalText.width($0) }.max() ?? 0
        let names = streams.flatMap { stream in
            [TextLayout.padded(stream, to: width) + " expected", String(repeating: " ", count: width) + " actual"]
        }
        var text = drawing.labelled(names)
        if drawing.caret != nil { text.insert(text.remove(at: names.count), at: 2 * lane + 2) }
        return text.joined(separator: "\n")
    }
}
