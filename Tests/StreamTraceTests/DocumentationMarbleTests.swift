import StreamTrace
import Testing

/// The examples of the doc comments about marble lines, as written, with
/// what their comments promise.
@Suite struct DocumentationMarbleTests {
    /// MarbleLettering.swift.
    @Test func equalValuesShareALetterAndTheLegendNamesThemWhole() {
        var lettering = MarbleLettering<String>()
        let first = lettering.letter(for: "A1", label: #""A1""#)  // "a"
        let second = lettering.letter(for: "C3", label: #""C3""#)  // "b"
        let again = lettering.letter(for: "A1", label: #""A1""#)  // "a"
        let legend = lettering.legend(of: ["-a-b-a-|"])  // [#"a = "A1""#, #"b = "C3""#]
        #expect(first == "a")
        #expect(second == "b")
        #expect(again == "a")
        #expect(legend == [#"a = "A1""#, #"b = "C3""#])
    }

    /// MarbleLayout.swift.
    @Test func linesLaidOutTogetherStayAlignedAndTheCaretPointsAtTheirFirstDifference() {
        let layout = MarbleLayout(slots: [.init(gap: 1), .init(gap: 3)])
        let drawing = layout.draw([
            .init(items: [.init(slot: 0, symbols: ["a"]), .init(slot: 1, symbols: ["b", "|"])]),
            .init(items: [.init(slot: 0, symbols: ["a"]), .init(slot: 1, symbols: ["c"])], tail: ["-"]),
        ])
        let lines = drawing.lines  // ["-a---(b|)", "-a---c-"]
        let caret = drawing.caret  // "     ^"
        #expect(lines == ["-a---(b|)", "-a---c-"])
        #expect(caret == "     ^")
    }

    /// RecentTimeline.swift.
    @Test func expectedAndActualAreDrawnOnOneScaleLetteredAlike() {
        var builder = RecentTimeline.Builder()
        builder.append(.element(#""A1""#), at: 1)
        builder.append(.element(#""C3""#), at: 2)
        let expected = builder.timeline()
        var actual = expected
        actual.events[1].mark = .element(#""B2""#)
        let drawing = RecentTimeline.draw([expected, actual])
        let lines = drawing.lines  // ["---a---b-", "---a---c-"]
        let caret = drawing.caret  // "       ^"
        let legend = drawing.legend  // [#"a = "A1""#, #"b = "C3""#, #"c = "B2""#]
        let frames = RecentTimeline.draw([expected, actual], frames: 1).lines  // ["-ab-", "-ac-"]
        #expect(lines == ["---a---b-", "---a---c-"])
        #expect(frames == ["-ab-", "-ac-"])
        #expect(caret == "       ^")
        #expect(legend == [#"a = "A1""#, #"b = "C3""#, #"c = "B2""#])
    }

    /// RecentTimeline.swift.
    @Test func aRecentTimelineLettersValuesAndGroupsEventsAtOneTime() {
        var builder = RecentTimeline.Builder()
        builder.append(.element("1"), at: 0)
        builder.append(.element("2"), at: 10)
        builder.append(.finished, at: 10)
        let timeline = builder.timeline()
        let line = timeline.line  // "a---(b|)"
        let legend = timeline.legend  // "a = 1, b = 2"
        #expect(line == "a---(b|)")
        #expect(legend == "a = 1, b = 2")
    }

    /// MarbleLines.swift.
    @Test func aScaledLinePlacesEventsByTimeAndLettersEqualValuesAlike() {
        var marbles = MarbleLines<MarbleValueKey>(scale: .columns(start: 0, end: 10, width: 11))
        marbles.append(TraceEvent(nanoseconds: 0, event: .value(1)))
        marbles.append(TraceEvent(nanoseconds: 5, event: .value(2)))
        marbles.append(TraceEvent(nanoseconds: 10, event: .value(1)))
        let lines = marbles.drawing().lines  // ["a----b----a"]
        let legend = marbles.drawing().legend  // ["a = 1", "b = 2"]
        #expect(lines == ["a----b----a"])
        #expect(legend == ["a = 1", "b = 2"])
    }

    /// GrowingMarbleLine.swift.
    @Test func aGrowingMarbleLineIsScaledOnceTheTraceHasEnded() {
        var growing = GrowingMarbleLine()
        growing.append(TraceEvent(nanoseconds: 0, event: .value(1)))
        growing.append(TraceEvent(nanoseconds: 3_000_000, event: .finished))
        let line = growing.scaled(width: 10).drawing().lines  // ["a--------|"]
        #expect(line == ["a--------|"])
    }
}
